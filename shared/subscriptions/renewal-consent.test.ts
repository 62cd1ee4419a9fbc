import { describe, expect, it } from 'vitest';
import { consentAskedAt, consentCovers, consentOpen, renewalPriceRise } from './renewal-consent.ts';

const monthly = { period: 'MONTHLY', currency: 'KRW' } as const;

describe('a renewal that costs more than the last charge', () => {
  it('is a first-period discount ending when the renewal price set at purchase is higher', () => {
    expect(renewalPriceRise({ ...monthly, price: 9_950, scheduledPrice: 19_900 })).toEqual({
      from: 9_950,
      to: 19_900,
      reason: 'discount-ends',
    });
  });

  it('is a price rise when the price table raised the renewal price', () => {
    expect(
      renewalPriceRise({ ...monthly, price: 19_900, scheduledPrice: 21_900 }, { tableRaised: true }),
    ).toEqual({ from: 19_900, to: 21_900, reason: 'price-rises' });
  });

  it('is a change of plan when the customer scheduled one that costs more, whatever else holds', () => {
    const yearly = { amount: 99_000 };
    expect(renewalPriceRise({ ...monthly, price: 9_900, planChange: yearly })).toEqual({
      from: 9_900,
      to: 99_000,
      reason: 'plan-changes',
    });
    expect(
      renewalPriceRise({ ...monthly, price: 0, planChange: yearly }, { tableRaised: true })?.reason,
    ).toBe('plan-changes');
    expect(renewalPriceRise({ ...monthly, price: 19_900, planChange: { amount: 9_900 } })).toBeUndefined();
  });

  it('is a free period ending when the last period cost nothing', () => {
    expect(renewalPriceRise({ ...monthly, price: 0, scheduledPrice: 19_900 })?.reason).toBe(
      'free-period-ends',
    );
  });

  it('is none when the renewal costs the same or less, or differs by less than the currency’s unit', () => {
    expect(renewalPriceRise({ ...monthly, price: 19_900, scheduledPrice: 19_900 })).toBeUndefined();
    expect(renewalPriceRise({ ...monthly, price: 19_900 })).toBeUndefined();
    expect(renewalPriceRise({ ...monthly, price: 19_900, scheduledPrice: 17_900 })).toBeUndefined();
    expect(
      renewalPriceRise({ period: 'MONTHLY', currency: 'USD', price: 17.99, scheduledPrice: 17.99 }),
    ).toBeUndefined();
    expect(
      renewalPriceRise({ period: 'MONTHLY', currency: 'USD', price: 17.99, scheduledPrice: 18 })?.to,
    ).toBe(18);
  });
});

describe('the consent', () => {
  it('is asked 30 days before the renewal', () => {
    expect(consentAskedAt(Date.UTC(2027, 1, 1))).toBe(Date.UTC(2027, 0, 2));
  });

  it('covers exactly the amount and the plan consented to, and only once given', () => {
    const plan = 'MR_STANDARD_V3';
    const renewal = { amount: 19_900, planName: plan };
    expect(consentCovers({ status: 'consented', amount: 19_900, planName: plan }, renewal, 'KRW')).toBe(true);
    expect(
      consentCovers(
        { status: 'consented', amount: 19_900, planName: plan },
        { ...renewal, amount: 21_900 },
        'KRW',
      ),
    ).toBe(false);
    expect(
      consentCovers({ status: 'consented', amount: 19_900, planName: 'YR_LIGHT_V3' }, renewal, 'KRW'),
    ).toBe(false);
    expect(consentCovers({ status: 'declined', amount: 19_900, planName: plan }, renewal, 'KRW')).toBe(false);
    expect(consentCovers({ status: 'asked', amount: 19_900, planName: plan }, renewal, 'KRW')).toBe(false);
    expect(consentCovers(undefined, renewal, 'KRW')).toBe(false);
  });

  it('may be given or withdrawn until the renewal is due', () => {
    expect(consentOpen(1_000, 999)).toBe(true);
    expect(consentOpen(1_000, 1_000)).toBe(false);
  });
});
