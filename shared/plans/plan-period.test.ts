import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodEnd } from './plan-period.ts';
import { PLAN_PERIODS } from './plan-types.ts';

describe('the end of a plan period', () => {
  it('falls on the calendar day the period reaches in Seoul', () => {
    const start = new Date('2025-01-30T16:00:00Z'); // 31 January 01:00 in Seoul
    expect(periodEnd(start, 'MONTHLY').toISOString()).toBe('2025-02-27T16:00:00.000Z'); // 28 February
    expect(periodEnd(start, 'ANNUAL').toISOString()).toBe('2026-01-30T16:00:00.000Z');
    expect(periodEnd(start, 'THREE_YEAR').toISOString()).toBe('2028-01-30T16:00:00.000Z');
    expect(periodEnd(start, 'SIX_MONTH').toISOString()).toBe('2025-07-30T16:00:00.000Z');
    expect(periodEnd(start, 'TWO_WEEK').toISOString()).toBe('2025-02-13T16:00:00.000Z');
  });

  it('is always later than the start, and a longer period never ends sooner', () => {
    const order = [
      'TWO_WEEK',
      'ONE_MONTH',
      'TWO_MONTH',
      'THREE_MONTH',
      'FOUR_MONTH',
      'FIVE_MONTH',
      'SIX_MONTH',
      'ONE_YEAR',
      'THREE_YEAR',
    ] as const;
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        (start) => {
          for (const period of PLAN_PERIODS)
            expect(periodEnd(start, period).getTime()).toBeGreaterThan(start.getTime());
          for (let i = 1; i < order.length; i += 1) {
            expect(periodEnd(start, order[i] as (typeof order)[number]).getTime()).toBeGreaterThanOrEqual(
              periodEnd(start, order[i - 1] as (typeof order)[number]).getTime(),
            );
          }
        },
      ),
    );
  });
});
