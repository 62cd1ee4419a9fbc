import { describe, expect, it } from 'vitest';
import {
  maskAccountNumber,
  maskedAccount,
  REFUND_BANK_CODES,
  REFUND_BANKS,
  REFUND_BANKS_NAMESPACE,
  RefundAccountSchema,
  refundBankId,
} from './refund-account.ts';

describe('the refund account', () => {
  it('takes a bank of the virtual-account channel’s code table, the number without hyphens, the holder', () => {
    expect(
      RefundAccountSchema.parse({ bankCode: '88', accountNumber: '110-123-456890', holder: ' 홍길동 ' }),
    ).toEqual({ bankCode: '88', accountNumber: '110123456890', holder: '홍길동' });
    expect(
      RefundAccountSchema.parse({ bankCode: '04', accountNumber: '1234 5678', holder: 'A' }).accountNumber,
    ).toBe('12345678');
    expect(
      RefundAccountSchema.parse({ bankCode: '04', accountNumber: '1234567890123456', holder: 'A'.repeat(30) })
        .accountNumber,
    ).toHaveLength(16);
  });

  it.each([
    ['an unknown bank code', { bankCode: '999', accountNumber: '12345678', holder: 'A' }],
    ['seven digits', { bankCode: '04', accountNumber: '1234567', holder: 'A' }],
    ['seventeen digits', { bankCode: '04', accountNumber: '12345678901234567', holder: 'A' }],
    ['letters', { bankCode: '04', accountNumber: '1234567a', holder: 'A' }],
    ['no holder', { bankCode: '04', accountNumber: '12345678', holder: '   ' }],
    ['a holder too long', { bankCode: '04', accountNumber: '12345678', holder: 'A'.repeat(31) }],
    [
      'a number too long to be one',
      { bankCode: '04', accountNumber: `${'-'.repeat(33)}12345678`, holder: 'A' },
    ],
  ])('refuses %s', (_case, input) => {
    expect(RefundAccountSchema.safeParse(input).success).toBe(false);
  });

  it('is shown by its last three digits only', () => {
    expect(maskAccountNumber('110123456890')).toBe('***-***-890');
    expect(maskedAccount({ bankCode: '88', accountNumber: '110123456890', holder: '홍길동' })).toEqual({
      bankCode: '88',
      holder: '홍길동',
      accountMasked: '***-***-890',
    });
  });

  it('names each bank once, by the KG Inicis codes', () => {
    expect(REFUND_BANKS).toHaveLength(22);
    expect(new Set(REFUND_BANK_CODES).size).toBe(22);
    expect(refundBankId('88')).toBe('shinhan');
    expect(refundBankId('04')).toBe('kb');
    expect(refundBankId('90')).toBe('kakaobank');
    expect(refundBankId('00')).toBeUndefined();
    expect(REFUND_BANKS_NAMESPACE).toBe('refund-banks');
  });
});
