import { describe, expect, it } from 'vitest';
import {
  approvalNumberOf,
  canMark,
  formatApprovalNumber,
  invoiceMonthOf,
  invoiceStateAtPayment,
  TaxInvoiceDetailsSchema,
} from './tax-invoice-rules.ts';

const details = {
  businessNumber: '116-82-00276',
  companyName: '주식회사 컷룸테스트',
  representative: '홍길동',
  address: '서울특별시 강남구 테헤란로 1',
  businessType: '서비스',
  businessItem: '소프트웨어',
  invoiceEmail: 'tax@example.com',
};

describe('the invoice details', () => {
  it('keep the business number as its digits', () => {
    expect(TaxInvoiceDetailsSchema.parse(details).businessNumber).toBe('1168200276');
  });

  it('refuse a business number whose check digit is wrong, an empty field and a bad address', () => {
    const issues = (input: object) =>
      TaxInvoiceDetailsSchema.safeParse({ ...details, ...input }).error?.issues.map((issue) => [
        issue.path.join('.'),
        issue.message,
      ]);
    expect(issues({ businessNumber: '116-82-00278' })).toEqual([
      ['businessNumber', 'business_number_invalid'],
    ]);
    expect(issues({ companyName: '  ' })).toEqual([['companyName', 'required']]);
    expect(issues({ invoiceEmail: 'tax@' })).toEqual([['invoiceEmail', 'email_invalid']]);
  });
});

describe('the approval number', () => {
  it('is the date, eight digits and eight hexadecimal characters', () => {
    expect(approvalNumberOf('20211226-41000203-00002E07')).toBe('202112264100020300002e07');
    expect(approvalNumberOf('202112264100020300002e07')).toBe('202112264100020300002e07');
    expect(formatApprovalNumber('202112264100020300002e07')).toBe('20211226-41000203-00002e07');
  });

  it('refuses a wrong length, a date that is none and letters where digits go', () => {
    expect(approvalNumberOf('20211226-41000203-00002e0')).toBeUndefined();
    expect(approvalNumberOf('20211332-41000203-00002e07')).toBeUndefined();
    expect(approvalNumberOf('20211226-4100020x-00002e07')).toBeUndefined();
    expect(approvalNumberOf('20211226-41000203-00002g07')).toBeUndefined();
  });
});

describe('what serves a paid order', () => {
  it('a card-type payment its card slip, a virtual account its cash receipt when issued, else a request', () => {
    expect(invoiceStateAtPayment({ payMethod: 'card', hasCashReceipt: false })).toBe('card_slip');
    expect(invoiceStateAtPayment({ payMethod: 'kakaopay', hasCashReceipt: false })).toBe('card_slip');
    expect(invoiceStateAtPayment({ payMethod: 'vbank', hasCashReceipt: true })).toBe('cash_receipt');
    expect(invoiceStateAtPayment({ payMethod: 'vbank', hasCashReceipt: false })).toBe('requested');
    expect(invoiceStateAtPayment({ payMethod: 'phone', hasCashReceipt: false })).toBe('requested');
  });

  it('only a request is marked', () => {
    expect(canMark('requested')).toBe(true);
    for (const state of ['issued', 'cancelled', 'card_slip', 'cash_receipt'] as const)
      expect(canMark(state)).toBe(false);
  });

  it('is listed in the month of its payment in Seoul', () => {
    expect(invoiceMonthOf(Date.UTC(2026, 0, 31, 15, 30))).toBe('2026-02');
    expect(invoiceMonthOf(Date.UTC(2026, 0, 31, 14, 59))).toBe('2026-01');
  });
});
