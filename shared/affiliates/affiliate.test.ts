import { describe, expect, it } from 'vitest';
import {
  affiliateRule,
  isSignUpTarget,
  numberedPayments,
  paymentLookbackStart,
  paymentShareAmount,
} from './affiliate.ts';

describe('affiliate settlements', () => {
  it('number an account’s payments from its first and keep those in range up to the third', () => {
    const day = 86_400_000;
    const payments = [5, 1, 40, 70, 100].map((n) => ({ id: n, paidAt: n * day }));
    expect(numberedPayments(payments, { fromMs: 3 * day, toMs: 101 * day })).toEqual([
      { id: 5, paidAt: 5 * day, payNumber: 2 },
      { id: 40, paidAt: 40 * day, payNumber: 3 },
    ]);
  });

  it('reach back 3 months before the start (Seoul calendar) and floor the share to the currency', () => {
    expect(new Date(paymentLookbackStart(Date.parse('2026-05-31T15:00:00Z'))).toISOString()).toBe(
      '2026-02-28T15:00:00.000Z',
    );
    expect(paymentShareAmount(15, 99_999, 'KRW')).toBe(14_999);
    expect(paymentShareAmount(15, 19.99, 'USD')).toBe(2.99);
  });

  it('pay a sign-up reward for verified sign-ups inside the period only, with the reward on', () => {
    const terms = {
      startedAt: 100,
      expiredAt: 200,
      hasSignUpReward: true,
      hasPaymentShare: false,
      paymentSharePercentage: 0,
    };
    expect(isSignUpTarget(terms, { created: 150, emailVerified: true })).toBe(true);
    expect(isSignUpTarget(terms, { created: 150, emailVerified: false })).toBe(false);
    expect(isSignUpTarget(terms, { created: 250, emailVerified: true })).toBe(false);
    expect(isSignUpTarget({ ...terms, hasSignUpReward: false }, { created: 150, emailVerified: true })).toBe(
      false,
    );
  });

  it('clear the terms whose toggle is off', () => {
    const parsed = affiliateRule.parse({
      name: 'A',
      countryCode: 'US',
      couponCode: 'abc',
      couponType: 'bonus_quota',
      startedAt: 1,
      expiredAt: 2,
      signUpRewardCurrency: 'USD',
      signUpRewardAmount: 5,
      paymentSharePercentage: 30,
    });
    expect(parsed).toMatchObject({ couponCode: 'ABC', signUpRewardAmount: 0, paymentSharePercentage: 0 });
    expect(parsed.signUpRewardCurrency).toBeUndefined();
  });
});
