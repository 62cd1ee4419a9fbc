import { DateTime } from 'luxon';
import { isBusinessDay } from '../time/business-days.ts';
import { KST_DATE, KST_ZONE } from '../time/kst.ts';

/**
 * When a tax invoice is written and by when it must be issued (부가가치세법 제34조, 국세기본법 제5조), in
 * Seoul time. A buyer asks for one of two timings:
 * - `each` (즉시발행): an invoice per payment, written on the day of the payment and issued at once;
 * - `monthly` (월합계): one invoice for the month's payments, written on the month's last day and issued
 *   once the month has ended.
 * Either way the law's deadline is the 10th of the month after the one it is written in (제34조 제3항);
 * a deadline on a Saturday, a Sunday or a public holiday moves to the next day that is none
 * (국세기본법 제5조 제1항; 근로자의 날, the other day it names, is the 1st of May and never a 10th or
 * after one). An invoice still open two business days before its deadline raises the alarm.
 */
export const INVOICE_TIMINGS = ['each', 'monthly'] as const;
export type InvoiceTiming = (typeof INVOICE_TIMINGS)[number];

/** The day of the month the deadline falls on before moving past days off. */
export const DEADLINE_DAY = 10;
/** Business days before the deadline from which an open invoice raises the alarm. */
export const ALERT_BUSINESS_DAYS = 2;

const kst = (ms: number) => DateTime.fromMillis(ms, { zone: KST_ZONE });
// Stryker disable next-line ObjectLiteral: a date's calendar arithmetic gives the same days in any zone
const day = (text: string) => DateTime.fromFormat(text, KST_DATE, { zone: KST_ZONE });

/** The write date (작성일자, `yyyy-MM-dd`) of a payment's invoice. */
export function writeDateOf(timing: InvoiceTiming, paidAt: number): string {
  const paid = kst(paidAt);
  return (timing === 'monthly' ? paid.endOf('month') : paid).toFormat(KST_DATE);
}

/** From when a payment's invoice may be issued: at once, or from the first moment of the next month. */
export function issuableFrom(timing: InvoiceTiming, paidAt: number): number {
  return timing === 'monthly' ? kst(paidAt).endOf('month').plus({ milliseconds: 1 }).toMillis() : paidAt;
}

/** The last day (`yyyy-MM-dd`, inclusive) an invoice written on `writeDate` may be issued. */
export function issueDeadline(writeDate: string, holidays: ReadonlySet<string>): string {
  let deadline = day(writeDate).startOf('month').plus({ months: 1 }).set({ day: DEADLINE_DAY });
  while (!isBusinessDay(deadline, holidays)) deadline = deadline.plus({ days: 1 });
  return deadline.toFormat(KST_DATE);
}

/** The first day (`yyyy-MM-dd`) an invoice still open is an alarm: two business days before its deadline. */
export function alertDayOf(deadline: string, holidays: ReadonlySet<string>): string {
  let alert = day(deadline);
  for (let left = ALERT_BUSINESS_DAYS; left > 0; ) {
    alert = alert.minus({ days: 1 });
    if (isBusinessDay(alert, holidays)) left -= 1;
  }
  return alert.toFormat(KST_DATE);
}

/** Whether an invoice not issued yet at `now` with this deadline raises the alarm. */
export function nearDeadline(now: number, deadline: string, holidays: ReadonlySet<string>): boolean {
  return kst(now).toFormat(KST_DATE) >= alertDayOf(deadline, holidays);
}

/** The month (`yyyy-MM`) whose holidays decide the deadline of an invoice written on `writeDate`. */
export function deadlineMonthOf(writeDate: string): string {
  return day(writeDate).startOf('month').plus({ months: 1 }).toFormat('yyyy-MM');
}
