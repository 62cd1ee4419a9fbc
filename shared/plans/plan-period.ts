import { DateTime, type DurationLikeObject } from 'luxon';
import { PAYMENT_TIME_ZONE } from '../payments/constants.ts';
import type { PlanPeriod } from './plan-types.ts';

/** How long one period of each plan lasts (section 9: one to six months, two weeks, one and three years). */
export const PERIOD_LENGTH: Readonly<Record<PlanPeriod, DurationLikeObject>> = {
  MONTHLY: { months: 1 },
  ANNUAL: { years: 1 },
  ONE_YEAR: { years: 1 },
  THREE_YEAR: { years: 3 },
  ONE_MONTH: { months: 1 },
  TWO_MONTH: { months: 2 },
  THREE_MONTH: { months: 3 },
  FOUR_MONTH: { months: 4 },
  FIVE_MONTH: { months: 5 },
  SIX_MONTH: { months: 6 },
  TWO_WEEK: { weeks: 2 },
};

/**
 * When a period that starts at `start` ends: the same time of day on the calendar day the length
 * reaches in Seoul, the product's time zone. A month from 31 January ends on the last day of February
 * (luxon clamps to the month's end), so no period ever runs into the month after next.
 */
export function periodEnd(start: Date, period: PlanPeriod): Date {
  return DateTime.fromJSDate(start, { zone: PAYMENT_TIME_ZONE }).plus(PERIOD_LENGTH[period]).toJSDate();
}
