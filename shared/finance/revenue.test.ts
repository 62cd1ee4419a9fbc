import { describe, expect, it } from 'vitest';
import { kstDayBounds } from './ledger.ts';
import { mrrShare, revenueDays, type SubscriptionSpan, subscriptionDays } from './revenue.ts';

const start = (day: string) => kstDayBounds(day).fromMs;

function span(overrides: Partial<SubscriptionSpan>): SubscriptionSpan {
  return {
    planType: 'STANDARD',
    period: 'MONTHLY',
    currency: 'KRW',
    price: 9900,
    startMs: start('2030-01-01') + 3_600_000,
    endMs: start('2030-02-01') + 3_600_000,
    ...overrides,
  };
}

describe('the monthly recurring revenue', () => {
  it('counts a monthly subscription whole, an annual one a twelfth, a fixed-term pass not at all', () => {
    expect(mrrShare('MONTHLY')).toBe(1);
    expect(mrrShare('ANNUAL')).toBe(1 / 12);
    for (const period of ['ONE_YEAR', 'THREE_YEAR', 'ONE_MONTH', 'SIX_MONTH', 'TWO_WEEK'] as const)
      expect(mrrShare(period), period).toBe(0);
  });

  it('adds the running subscriptions of each currency, rounded once to the currency', () => {
    const [day] = subscriptionDays(
      [
        span({}),
        span({ period: 'ANNUAL', price: 99000 }),
        span({ period: 'ANNUAL', currency: 'USD', price: 99.99 }),
        span({ currency: 'USD', price: 8.99 }),
        span({ period: 'ONE_YEAR', price: 120000 }),
      ],
      ['2030-01-15'],
      start('2030-03-01'),
    );
    // 9,900 + 99,000 / 12 = 18,150 won; 8.99 + 99.99 / 12 = 17.3225 -> 17.32 dollars.
    expect(day?.mrr).toEqual({ KRW: 18150, USD: 17.32 });
    expect(day?.active).toEqual({ 'STANDARD MONTHLY': 2, 'STANDARD ANNUAL': 2, 'STANDARD ONE_YEAR': 1 });
  });
});

describe('subscriptions day by day', () => {
  const now = start('2030-02-10') + 12 * 3_600_000;
  const days = ['2030-01-01', '2030-01-02', '2030-02-01', '2030-02-10'];

  it('counts one as running from its purchase to its end, started on its first day, ended on its last', () => {
    const result = subscriptionDays([span({})], days, now);
    expect(result.map((day) => day.active['STANDARD MONTHLY'] ?? 0)).toEqual([1, 1, 0, 0]);
    expect(result.map((day) => day.started)).toEqual([1, 0, 0, 0]);
    expect(result.map((day) => day.ended)).toEqual([0, 0, 1, 0]);
  });

  it('counts an upgrade as a change of plan: neither a start nor an end', () => {
    const old = span({ planType: 'LIGHT', endMs: start('2030-01-02') + 3_600_000, replaced: true });
    const upgraded = span({ startMs: start('2030-01-02') + 3_600_000, upgradedFrom: true });
    const [first, second] = subscriptionDays([old, upgraded], days, now);
    expect(first).toMatchObject({ active: { 'LIGHT MONTHLY': 1 }, started: 1 });
    expect(second).toMatchObject({ active: { 'STANDARD MONTHLY': 1 }, started: 0, ended: 0 });
  });

  it('counts today up to now: what ends later today is still running, not ended', () => {
    const later = span({ startMs: start('2030-01-10'), endMs: now + 3_600_000 });
    const [today] = subscriptionDays([later], ['2030-02-10'], now);
    expect(today).toMatchObject({ active: { 'STANDARD MONTHLY': 1 }, ended: 0 });
    const [before] = subscriptionDays([span({ endMs: now - 1 })], ['2030-02-10'], now);
    expect(before).toMatchObject({ active: {}, ended: 1 });
  });

  it('has no money for a day without running subscriptions', () => {
    expect(subscriptionDays([], ['2030-01-01'], now)).toEqual([
      { day: '2030-01-01', active: {}, started: 0, ended: 0, mrr: {} },
    ]);
  });
});

describe('revenue day by day', () => {
  it('totals each day per currency, refunds on the day they were given', () => {
    const entries = [
      {
        day: '2030-01-01',
        kind: 'payment' as const,
        currency: 'KRW' as const,
        payMethod: 'card',
        amount: 9900,
      },
      {
        day: '2030-01-01',
        kind: 'payment' as const,
        currency: 'USD' as const,
        payMethod: 'card',
        amount: 8.99,
      },
      {
        day: '2030-01-03',
        kind: 'refund' as const,
        currency: 'KRW' as const,
        payMethod: 'card',
        amount: 4950,
      },
    ];
    expect(revenueDays(entries, ['2030-01-01', '2030-01-02', '2030-01-03'])).toEqual([
      { day: '2030-01-01', currency: 'KRW', gross: 9900, refunded: 0, net: 9900 },
      { day: '2030-01-01', currency: 'USD', gross: 8.99, refunded: 0, net: 8.99 },
      { day: '2030-01-03', currency: 'KRW', gross: 0, refunded: 4950, net: -4950 },
    ]);
  });
});
