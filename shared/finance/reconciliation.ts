import { DateTime } from 'luxon';
import { KST_DATE, KST_ZONE } from '../time/kst.ts';

/**
 * When the daily reconciliation runs (decision): a KST day is compared at 03:00 KST the day after, once
 * the day's late confirmations and re-checks (minutes) and the provider's own records have settled.
 */
export const RECONCILIATION_HOUR_KST = 3;

/** The instant the run of `day` (yyyy-MM-dd, KST) is due. */
export function reconciliationRunAt(day: string): number {
  return DateTime.fromFormat(day, KST_DATE, { zone: KST_ZONE })
    .plus({ days: 1 })
    .set({ hour: RECONCILIATION_HOUR_KST })
    .toMillis();
}

/** The schedule of a day's run: one per day, so scheduling it again while it waits changes nothing. */
export function reconciliationScheduleName(day: string): string {
  return `reconcile-${day}`;
}

/** The day whose run is the first one due after `nowMs`. */
export function nextReconciledDay(nowMs: number): string {
  const today = DateTime.fromMillis(nowMs, { zone: KST_ZONE }).startOf('day');
  const yesterday = today.minus({ days: 1 }).toFormat(KST_DATE);
  return nowMs < reconciliationRunAt(yesterday) ? yesterday : today.toFormat(KST_DATE);
}
