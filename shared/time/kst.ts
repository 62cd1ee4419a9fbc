import { DateTime } from 'luxon';

/**
 * Every date of the admin console is shown and entered in Asia/Seoul (admin-console.md sections 1
 * and 5), one way: `yyyy-MM-dd HH:mm`, or `yyyy-MM-dd` for a day. Instants travel as epoch
 * milliseconds; these helpers are the only place they meet KST text.
 */
export const KST_ZONE = 'Asia/Seoul';
/** The specification's 'Invalid date format', as an i18n key (the console shows it in its language). */
export const INVALID_DATE_FORMAT = 'console-shell:date.invalid';
export const KST_DATE = 'yyyy-MM-dd';
export const KST_DATE_TIME = 'yyyy-MM-dd HH:mm';

/** An instant as KST text ('' for none), `yyyy-MM-dd HH:mm` unless told otherwise. */
export function formatKst(ms: number | undefined | null, format: string = KST_DATE_TIME): string {
  if (ms === undefined || ms === null || !Number.isFinite(ms)) return '';
  return DateTime.fromMillis(ms, { zone: KST_ZONE }).toFormat(format);
}

function parseIn(text: string, format: string): DateTime {
  const parsed = DateTime.fromFormat(text.trim(), format, { zone: KST_ZONE });
  if (!parsed.isValid) throw new Error(INVALID_DATE_FORMAT);
  return parsed;
}

/** The start (00:00 KST) of a `yyyy-MM-dd` day; throws 'Invalid date format' otherwise. */
export function parseKstDate(text: string): number {
  return parseIn(text, KST_DATE).toMillis();
}

/** A `yyyy-MM-dd HH:mm` KST date-time; throws 'Invalid date format' otherwise. */
export function parseKstDateTime(text: string): number {
  return parseIn(text, KST_DATE_TIME).toMillis();
}

/**
 * A range of KST days as instants [from, to): the end date is extended by one day so that the whole
 * last day is inside. Throws 'Invalid date format' for a malformed date or an end before the start.
 */
export function kstDayRange(from: string, to: string): { fromMs: number; toMs: number } {
  const fromMs = parseKstDate(from);
  const toMs = parseIn(to, KST_DATE).plus({ days: 1 }).toMillis();
  if (toMs <= fromMs) throw new Error(INVALID_DATE_FORMAT);
  return { fromMs, toMs };
}

/** Today's KST date plus or minus whole days, as `yyyy-MM-dd` (defaults of date filters). */
export function kstToday(offsetDays = 0, nowMs: number = Date.now()): string {
  return DateTime.fromMillis(nowMs, { zone: KST_ZONE }).plus({ days: offsetDays }).toFormat(KST_DATE);
}
