import { describe, expect, it } from 'vitest';
import { refundSourceOf } from './refund-sources.ts';

describe('a payment’s own way back', () => {
  it('is the wallet for a wallet payment, the product account for a direct deposit, else the provider', () => {
    expect(refundSourceOf({ pg: 'naver_pay', walletPaymentId: 'np_1' })).toBe('naver_pay');
    expect(refundSourceOf({ pg: 'direct_deposit' })).toBe('cutloom');
    // A direct deposit is the product account's whatever else it carries.
    expect(refundSourceOf({ pg: 'direct_deposit', walletPaymentId: 'np_1' })).toBe('cutloom');
    expect(refundSourceOf({ pg: 'html5_inicis' })).toBe('portone');
    expect(refundSourceOf({ pg: 'naverpay', walletPaymentId: undefined })).toBe('portone');
    expect(refundSourceOf({ pg: 'danal', walletPaymentId: '' })).toBe('portone');
  });
});
