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
export const KST_MONTH = 'yyyy-MM';

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

/**
 * The date-time text a console field takes (issue 27, point 5): as it is shown (`2030-01-31 23:59`) or
 * as an operator pastes it in ISO 8601 (`2030-01-31T23:59`, with seconds, a fraction, and a zone `Z` or
 * `+09:00` / `+0900`). Without a zone the time is KST; with one it is that instant.
 */
const DATE_TIME_TEXT =
  /^(\d{4})-(\d{2})-(\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.(\d{1,9}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/** A `yyyy-MM-dd` day as the start (00:00 KST) of it; throws 'Invalid date format' otherwise. */
export function parseKstDate(text: string): number {
  return parseIn(text, KST_DATE).toMillis();
}

/**
 * A KST date-time as shown (`yyyy-MM-dd HH:mm`) or in ISO 8601 (DATE_TIME_TEXT); throws 'Invalid
 * date format' otherwise, a day that does not exist (02-30) or a time past 23:59:59 included.
 */
export function parseKstDateTime(text: string): number {
  const match = DATE_TIME_TEXT.exec(text.trim());
  if (!match) throw new Error(INVALID_DATE_FORMAT);
  const [, year, month, day, hour, minute, second = '0', fraction = '', zone] = match;
  const offset =
    zone?.toUpperCase() === 'Z' ? 'UTC' : zone ? `UTC${zone.replace(/(\d{2})(\d{2})$/, '$1:$2')}` : KST_ZONE;
  const parsed = DateTime.fromObject(
    {
      year: Number(year),
      month: Number(month),
      day: Number(day),
      hour: Number(hour),
      minute: Number(minute),
      second: Number(second),
      millisecond: Number(fraction.padEnd(3, '0').slice(0, 3)),
    },
    { zone: offset },
  );
  if (!parsed.isValid) throw new Error(INVALID_DATE_FORMAT);
  return parsed.toMillis();
}

/** A `yyyy-MM` month as the start (the 1st, 00:00 KST) of it; throws 'Invalid date format' otherwise. */
export function parseKstMonth(text: string): number {
  return parseIn(text, KST_MONTH).toMillis();
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
