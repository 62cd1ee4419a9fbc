import { describe, expect, it } from 'vitest';
import {
  cashReceiptAsked,
  cashReceiptIdentifier,
  maskedIdentifier,
  receiptToIssue,
  SELF_ISSUE_IDENTIFIER,
} from './cash-receipt-rules.ts';

describe('which payments ask for a cash receipt', () => {
  it('a won payment by virtual account, and no other', () => {
    expect(cashReceiptAsked({ payMethod: 'vbank', currency: 'KRW' })).toBe(true);
    expect(cashReceiptAsked({ payMethod: 'card', currency: 'KRW' })).toBe(false);
    expect(cashReceiptAsked({ payMethod: 'vbank', currency: 'USD' })).toBe(false);
  });
});

describe('the identifier', () => {
  it('takes a mobile number and a card number as digits', () => {
    expect(
      cashReceiptIdentifier({
        purpose: 'income_deduction',
        identifierType: 'phone',
        identifier: '010-1234-5678',
      }),
    ).toEqual({ identifier: '01012345678' });
    expect(
      cashReceiptIdentifier({
        purpose: 'income_deduction',
        identifierType: 'phone',
        identifier: '011 123 4567',
      }),
    ).toEqual({ identifier: '0111234567' });
    expect(
      cashReceiptIdentifier({
        purpose: 'income_deduction',
        identifierType: 'taxcard',
        identifier: '1234-5678-9012-345678',
      }),
    ).toEqual({ identifier: '123456789012345678' });
  });

  it('refuses what cannot be one', () => {
    const phone = (identifier: string) =>
      cashReceiptIdentifier({ purpose: 'income_deduction', identifierType: 'phone', identifier });
    expect(phone('02-123-4567')).toEqual({ problem: 'phone_invalid' });
    expect(phone('010-1234-567')).toEqual({ problem: 'phone_invalid' });
    expect(phone('010-1234-56789')).toEqual({ problem: 'phone_invalid' });
    expect(
      cashReceiptIdentifier({
        purpose: 'income_deduction',
        identifierType: 'taxcard',
        identifier: '123456789012',
      }),
    ).toEqual({ problem: 'card_invalid' });
    expect(
      cashReceiptIdentifier({
        purpose: 'expense_proof',
        identifierType: 'business',
        identifier: '116-82-00278',
      }),
    ).toEqual({ problem: 'business_number_invalid' });
    expect(
      cashReceiptIdentifier({
        purpose: 'expense_proof',
        identifierType: 'business',
        identifier: '116-82-00276',
      }),
    ).toEqual({ identifier: '1168200276' });
  });

  it('is shown by its last four digits', () => {
    expect(maskedIdentifier('01012345678')).toBe('*******5678');
  });
});

describe('the receipt a payment owes', () => {
  const none = { purpose: 'none' } as const;

  it('income deduction is issued to the person, expense proof to the company', () => {
    expect(
      receiptToIssue(
        { purpose: 'income_deduction', identifierType: 'phone', identifier: '01012345678' },
        { priceKrw: 9900, invoiceRequested: false },
      ),
    ).toEqual({ identifier: '01012345678', identifierType: 'phone', type: 'person', selfIssued: false });
    expect(
      receiptToIssue(
        { purpose: 'expense_proof', identifierType: 'business', identifier: '1168200276' },
        { priceKrw: 9900, invoiceRequested: true },
      ),
    ).toEqual({ identifier: '1168200276', identifierType: 'business', type: 'company', selfIssued: false });
  });

  it('none under ₩100,000 is nothing; from ₩100,000 it is issued to the self-issue number', () => {
    expect(receiptToIssue(none, { priceKrw: 99_999, invoiceRequested: false })).toBeUndefined();
    expect(receiptToIssue(none, { priceKrw: 100_000, invoiceRequested: false })).toEqual({
      identifier: SELF_ISSUE_IDENTIFIER,
      identifierType: 'phone',
      type: 'person',
      selfIssued: true,
    });
    expect(SELF_ISSUE_IDENTIFIER).toBe('0100001234');
  });

  it('none with a tax invoice requested is left to the invoice', () => {
    expect(receiptToIssue(none, { priceKrw: 500_000, invoiceRequested: true })).toBeUndefined();
  });
});
