import { DateTime } from 'luxon';
import { type Currency, fromMinorUnits, toMinorUnits } from '../currency.ts';
import type { PlanPeriod } from '../plans/plan-types.ts';
import { KST_DATE, KST_ZONE } from '../time/kst.ts';

/**
 * The refund policy (the refund-policy legal page says the same, in web/src/i18n/locales/<lang>/legal.json):
 *
 * 1. Full refund: asked within 7 days of the payment (the payment day counts as day 1) with none of
 *    the plan's AI allowance used since.
 * 2. Otherwise a partial refund: the value of the period already used (and, for plans shorter than a
 *    year, of the allowance used this month if that is more) is kept, and a 10% fee is taken from the
 *    rest.
 *    - Plans shorter than a year count used days (isDaily): each started day is worth planValue / days
 *      of the period; the allowance used is worth planValue x the largest share of a monthly limit used.
 *    - Plans of a year or more count used months: each started month is charged at the plan type's
 *      monthly subscription list price (fixedPrice), since an annual price is a discount for staying
 *      the whole year; without a monthly counterpart (a partner's pass), at planValue / months.
 * 3. The used period ends on the business day the request counts on (shared/time/business-days.ts).
 * 4. A plan bought by upgrading is worth what was paid for it plus the credit of the plan it replaced
 *    (isUpgrade); the refund is returned from those same payments.
 * 5. A refund of zero is no refund: the subscription is cancelled instead (it runs to its end).
 */
export const FULL_REFUND_DAYS = 7;
export const REFUND_FEE_PERCENT = 10;

const MONTHLY_BASIS_PERIODS: readonly PlanPeriod[] = ['ANNUAL', 'ONE_YEAR', 'THREE_YEAR'];

export function isDailyBasis(period: PlanPeriod): boolean {
  return !MONTHLY_BASIS_PERIODS.includes(period);
}

export interface RefundBasis {
  period: PlanPeriod;
  currency: Currency;
  /** The current period of the plan. */
  paidAtMs: number;
  expiredAtMs: number;
  /** What the current period is worth: the payment for it, plus an upgrade's credit. */
  planValue: number;
  /** What can still be returned from the payments behind the period (less what was returned before). */
  refundable: number;
  /** The monthly subscription list price of the plan's type, in its currency, when there is one. */
  monthlyListPrice: number | undefined;
  /** The largest share of a monthly limit used since the month began (0 when nothing was used). */
  allowanceShare: number;
  /** The business day (`yyyy-MM-dd`, KST) the request counts on. */
  refundDay: string;
}

export interface RefundEstimate {
  isDaily: boolean;
  /** Days (isDaily) or months used, the started one included; 0 for a day before the payment. */
  usedPeriod: number;
  /** Days or months in the whole period. */
  totalPeriod: number;
  /** What one used day or month is charged at. */
  fixedPrice: number;
  /** What the used period and allowance are worth (never more than the plan's value). */
  usedValue: number;
  fee: number;
  isFullRefund: boolean;
  estimatedRefundPrice: number;
}

const kstDay = (ms: number) => DateTime.fromMillis(ms, { zone: KST_ZONE }).startOf('day');
const dayOf = (text: string) => DateTime.fromFormat(text, KST_DATE, { zone: KST_ZONE });

/** Calendar days of a period (the day it ends on is the first day of the next period). */
function periodDays(paidAtMs: number, expiredAtMs: number): number {
  return Math.max(1, Math.round(kstDay(expiredAtMs).diff(kstDay(paidAtMs), 'days').days));
}

/** Days used up to and including `day`, the payment day being day 1 (0 before it). */
function daysUsed(paidAtMs: number, day: DateTime): number {
  const elapsed = Math.round(day.diff(kstDay(paidAtMs), 'days').days);
  return elapsed < 0 ? 0 : elapsed + 1;
}

/** Months started up to and including `day` (0 before the payment day). */
function monthsUsed(paidAtMs: number, day: DateTime): number {
  const paidDay = kstDay(paidAtMs);
  let months = 0;
  while (paidDay.plus({ months }) <= day) months += 1;
  return months;
}

function periodMonths(paidAtMs: number, expiredAtMs: number): number {
  return Math.max(1, Math.round(kstDay(expiredAtMs).diff(kstDay(paidAtMs), 'months').months));
}

export function estimateRefund(basis: RefundBasis): RefundEstimate {
  const { currency } = basis;
  const minor = (amount: number) => toMinorUnits(amount, currency);
  const major = (amount: number) => fromMinorUnits(amount, currency);
  const value = minor(basis.planValue);
  const refundable = Math.min(minor(basis.refundable), value);
  const day = dayOf(basis.refundDay);
  const isDaily = isDailyBasis(basis.period);
  const days = Math.min(daysUsed(basis.paidAtMs, day), periodDays(basis.paidAtMs, basis.expiredAtMs));

  let usedPeriod: number;
  let totalPeriod: number;
  let unitPrice: number;
  let usedValue: number;
  if (isDaily) {
    totalPeriod = periodDays(basis.paidAtMs, basis.expiredAtMs);
    usedPeriod = days;
    unitPrice = Math.round(value / totalPeriod);
    const byTime = Math.round((value * usedPeriod) / totalPeriod);
    const byAllowance = Math.round(value * Math.min(1, Math.max(0, basis.allowanceShare)));
    usedValue = Math.max(byTime, byAllowance);
  } else {
    totalPeriod = periodMonths(basis.paidAtMs, basis.expiredAtMs);
    usedPeriod = Math.min(monthsUsed(basis.paidAtMs, day), totalPeriod);
    unitPrice =
      basis.monthlyListPrice !== undefined ? minor(basis.monthlyListPrice) : Math.floor(value / totalPeriod);
    usedValue = Math.min(value, usedPeriod * unitPrice);
  }

  const estimate = (refund: number, fee: number, isFullRefund: boolean): RefundEstimate => ({
    isDaily,
    usedPeriod,
    totalPeriod,
    fixedPrice: major(unitPrice),
    usedValue: major(usedValue),
    fee: major(fee),
    isFullRefund,
    estimatedRefundPrice: major(Math.max(0, refund)),
  });
  if (usedPeriod === 0) return estimate(0, 0, false);
  if (days <= FULL_REFUND_DAYS && basis.allowanceShare <= 0) return estimate(refundable, 0, true);
  const rest = Math.max(0, value - usedValue);
  const fee = Math.floor((rest * REFUND_FEE_PERCENT) / 100);
  return estimate(Math.min(refundable, rest - fee), fee, false);
}

/**
 * The credit an upgrade gives for the plan it replaces (planUpgradeData.refundAmount): what was paid
 * for its current period times the share of whole days still ahead (today counts as used), floored.
 * Nothing is withheld: the money stays with the product, paying for the new plan.
 */
export function upgradeCredit(input: {
  price: number;
  currency: Currency;
  paidAtMs: number;
  expiredAtMs: number;
  nowMs: number;
}): number {
  const total = periodDays(input.paidAtMs, input.expiredAtMs);
  const left = Math.max(0, total - daysUsed(input.paidAtMs, kstDay(input.nowMs)));
  return fromMinorUnits(
    Math.floor((toMinorUnits(input.price, input.currency) * left) / total),
    input.currency,
  );
}
