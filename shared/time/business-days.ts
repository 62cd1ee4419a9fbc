import { DateTime } from 'luxon';
import { KST_DATE, KST_ZONE } from './kst.ts';

/**
 * Business days for refunds (site-and-payments.md section 9): a request before 19:00 Seoul time on a
 * weekday counts on that day; otherwise it counts on the next business day, skipping weekends and
 * Korean public holidays. Holidays are `yyyy-MM-dd` dates (KST) from the public holiday service.
 */
export const BUSINESS_DAY_CUTOFF_HOUR = 19;

export function isBusinessDay(day: DateTime, holidays: ReadonlySet<string>): boolean {
  return day.weekday <= 5 && !holidays.has(day.toFormat(KST_DATE));
}

/** The business day (`yyyy-MM-dd`, KST) a request made at `requestedMs` counts on. */
export function businessDayOf(requestedMs: number, holidays: ReadonlySet<string>): string {
  const requested = DateTime.fromMillis(requestedMs, { zone: KST_ZONE });
  let day = requested.startOf('day');
  if (!(isBusinessDay(day, holidays) && requested.hour < BUSINESS_DAY_CUTOFF_HOUR)) {
    do day = day.plus({ days: 1 });
    while (!isBusinessDay(day, holidays));
  }
  return day.toFormat(KST_DATE);
}

/**
 * The calendar months (`yyyy-MM`) whose holidays `businessDayOf` may need for a request: the request's
 * month and the next (a run of holidays at a month's end reaches into the next month, never further).
 */
export function monthsToLookUp(requestedMs: number): string[] {
  const month = DateTime.fromMillis(requestedMs, { zone: KST_ZONE }).startOf('month');
  return [month.toFormat('yyyy-MM'), month.plus({ months: 1 }).toFormat('yyyy-MM')];
}
