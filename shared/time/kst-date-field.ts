import * as z from 'zod';
import {
  formatKst,
  INVALID_DATE_FORMAT,
  KST_DATE,
  KST_DATE_TIME,
  KST_MONTH,
  parseKstDate,
  parseKstDateTime,
  parseKstMonth,
} from './kst.ts';

/**
 * The console's one date-field rule (issue 27, point 5): every date field of every form reads its text
 * here, so the same text is accepted everywhere (a day `yyyy-MM-dd`, a month `yyyy-MM`, a date-time as
 * shown or pasted in ISO 8601, see parseKstDateTime) and a wrong one is answered everywhere with the
 * same 'Invalid date format' (an i18n key: the page's language). An empty field is the form's own
 * "required" message, never a format error.
 */
export type KstDateKind = 'date' | 'month' | 'date-time';

const READERS: Record<KstDateKind, (text: string) => number> = {
  date: parseKstDate,
  month: parseKstMonth,
  'date-time': parseKstDateTime,
};

/** The instant a field's text stands for; throws 'Invalid date format' for text no rule reads. */
export function readKstDate(kind: KstDateKind, text: string): number {
  return READERS[kind](text);
}

/** Whether a field's text is a date of its kind. */
export function isKstDate(kind: KstDateKind, text: string): boolean {
  try {
    readKstDate(kind, text);
    return true;
  } catch {
    return false;
  }
}

/**
 * The field's text as the console shows it (`2030-01-31T23:59:00+09:00` -> `2030-01-31 23:59`; seconds
 * only when there are some), or the text unchanged when it is not a date: what a field shows once the
 * operator leaves it, so a pasted zone is seen as the KST it stands for.
 */
export function shownKstDate(kind: KstDateKind, text: string): string {
  if (!isKstDate(kind, text)) return text;
  const ms = readKstDate(kind, text);
  if (kind === 'date') return formatKst(ms, KST_DATE);
  if (kind === 'month') return formatKst(ms, KST_MONTH);
  return formatKst(ms, ms % 60_000 === 0 ? KST_DATE_TIME : `${KST_DATE_TIME}:ss`);
}

/**
 * A form field of KST date text (react-hook-form holds text): required with `requiredMessage`, then
 * read by the one rule.
 */
export function kstDateText(kind: KstDateKind, requiredMessage: string) {
  return z
    .string()
    .trim()
    .min(1, requiredMessage)
    .refine((text) => !text || isKstDate(kind, text), INVALID_DATE_FORMAT);
}

/**
 * How a form reads a date field whose value is checked by another rule (a shared schema that takes
 * the instant): the instant, `NaN` for an empty field (that rule's "required" message), or the format
 * error to show on the field instead of that rule's.
 */
export function readKstDateField(
  kind: KstDateKind,
  text: string,
): { ms: number; formatError?: typeof INVALID_DATE_FORMAT } {
  if (!text.trim()) return { ms: Number.NaN };
  return isKstDate(kind, text)
    ? { ms: readKstDate(kind, text) }
    : { ms: Number.NaN, formatError: INVALID_DATE_FORMAT };
}
