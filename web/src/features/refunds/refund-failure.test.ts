import { describe, expect, it } from 'vitest';
import { refundFailureOf } from './refund-failure.ts';

describe('a failed refund, in its own words', () => {
  it('tells the payment company’s refusal from its error, though both are L09', () => {
    expect(refundFailureOf('L09', 'REFUND_REFUSED')).toBe('refused');
    expect(refundFailureOf('L09', 'REFUND_ACCOUNT_REFUSED')).toBe('refused');
    expect(refundFailureOf('L02', 'PORTONE_FAILED')).toBe('provider');
    expect(refundFailureOf('L09')).toBe('provider');
  });

  it('tells a refund no way can take from a payment in another state, though both are L27', () => {
    expect(refundFailureOf('L27', 'REFUND_NOT_POSSIBLE')).toBe('not_possible');
    expect(refundFailureOf('L27', 'ABNORMAL_PAYMENT_STATUS')).toBe('payment_state');
  });

  it.each([
    ['L03', 'expired'],
    ['L17', 'request'],
    ['L26', 'request'],
    ['L10', 'amount_changed'],
    ['L25', 'no_plan'],
    ['L30', 'already_cancelled'],
    ['L22', 'provider'],
    ['L04', 'network'],
    ['L08', 'records'],
    ['L01', 'general'],
    ['L07', 'general'],
  ] as const)('says %s as %s', (code, failure) => {
    expect(refundFailureOf(code)).toBe(failure);
  });

  it('reads an unknown or crafted error type as nothing more than its code says', () => {
    expect(refundFailureOf('L26', 'REFUND_ACCOUNT_REQUIRED')).toBe('request');
    expect(refundFailureOf('L02', 'constructor')).toBe('provider');
    expect(refundFailureOf('L01', '__proto__')).toBe('general');
  });
});
