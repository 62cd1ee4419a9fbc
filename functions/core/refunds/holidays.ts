import { DateTime } from 'luxon';
import { monthsToLookUp } from '../../../shared/time/business-days.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import { fetchHolidays } from '../adapters/holidays.ts';
import { nowMs } from '../clock.ts';
import { getHolidayMonth, putHolidayMonth } from '../data/holiday-repository.ts';
import { logger } from '../logger.ts';

/** A cached month is asked again after a week (late substitute holidays), unless it is long past. */
const REFRESH_AFTER_MS = 7 * 86_400_000;

/**
 * The Korean public holidays a request at `requestedMs` may need (its month and the next), from the
 * table, or from the public holiday service when a month is missing or stale. A lookup failure is
 * logged and counts as no holidays (site-and-payments.md section 8), a stale cached month being
 * still better than nothing.
 */
export async function holidaysFor(requestedMs: number): Promise<Set<string>> {
  const months = await Promise.all(monthsToLookUp(requestedMs).map((month) => monthHolidays(month)));
  return new Set(months.flat());
}

async function monthHolidays(month: string): Promise<string[]> {
  const now = nowMs();
  const cached = await getHolidayMonth(month);
  const past = DateTime.fromFormat(month, 'yyyy-MM', { zone: KST_ZONE }).plus({ months: 2 }).toMillis() < now;
  if (cached && (past || now - cached.fetchedAt < REFRESH_AFTER_MS)) return cached.dates;
  try {
    const dates = await fetchHolidays(month);
    await putHolidayMonth(month, dates, now);
    return dates;
  } catch (error) {
    logger.error('Holiday lookup failed; counting no holidays', { month, error });
    return cached?.dates ?? [];
  }
}
