import { DateTime } from 'luxon';
import { CURRENCIES, type Currency, fromMinorUnits, toMinorUnits } from '../currency.ts';
import { KST_DATE, KST_MONTH, KST_ZONE } from '../time/kst.ts';

/**
 * The money ledger (issue 27, point 4): every payment taken and every refund given, each an entry on
 * the KST day it happened. A payment is recorded once, with its plan, in the grant's transaction; a
 * refund once, with the payment's cancelled amount, in the refund's transaction. The finance view adds
 * them up per currency and pay method (cash basis: a refund counts on the day it was given, whatever day
 * the payment was taken).
 */
export const LEDGER_KINDS = ['payment', 'refund'] as const;
export type LedgerKind = (typeof LEDGER_KINDS)[number];

/** What an entry says about money (the repository keeps more: plan, payer, provider ids). */
export interface LedgerLine {
  kind: LedgerKind;
  currency: Currency;
  /** How the customer paid (a refund keeps its payment's method). */
  payMethod: string;
  /** Positive, in `currency`: taken for a payment, given back for a refund. */
  amount: number;
}

export interface FinanceTotal {
  currency: Currency;
  /** A pay method, or ALL_METHODS for the currency's total. */
  payMethod: string;
  gross: number;
  refunded: number;
  net: number;
  payments: number;
  refunds: number;
}

export const ALL_METHODS = 'all';

/**
 * The totals of some entries per currency and pay method, and per currency over all methods
 * (payMethod ALL_METHODS), in the order currencies are declared, methods by name. Sums are made in
 * the currency's minor units, so a dollar total is exact to the cent however many entries it adds.
 */
export function financeTotals(lines: readonly LedgerLine[]): FinanceTotal[] {
  const sums = new Map<
    string,
    { currency: Currency; payMethod: string; minor: [number, number, number, number] }
  >();
  const add = (currency: Currency, payMethod: string, line: LedgerLine) => {
    const key = `${currency}\u0000${payMethod}`;
    const sum = sums.get(key) ?? { currency, payMethod, minor: [0, 0, 0, 0] };
    const minor = toMinorUnits(line.amount, currency);
    if (line.kind === 'payment') {
      sum.minor[0] += minor;
      sum.minor[2] += 1;
    } else {
      sum.minor[1] += minor;
      sum.minor[3] += 1;
    }
    sums.set(key, sum);
  };
  for (const line of lines) {
    add(line.currency, line.payMethod, line);
    add(line.currency, ALL_METHODS, line);
  }
  return [...sums.values()]
    .sort(
      (a, b) =>
        CURRENCIES.indexOf(a.currency) - CURRENCIES.indexOf(b.currency) ||
        Number(a.payMethod === ALL_METHODS) - Number(b.payMethod === ALL_METHODS) ||
        a.payMethod.localeCompare(b.payMethod),
    )
    .map(({ currency, payMethod, minor: [gross, refunded, payments, refunds] }) => ({
      currency,
      payMethod,
      gross: fromMinorUnits(gross, currency),
      refunded: fromMinorUnits(refunded, currency),
      net: fromMinorUnits(gross - refunded, currency),
      payments,
      refunds,
    }));
}

/** The KST day (`yyyy-MM-dd`) an instant falls on: the day its ledger entry is kept under. */
export function kstDayOf(ms: number): string {
  return DateTime.fromMillis(ms, { zone: KST_ZONE }).toFormat(KST_DATE);
}

/** A KST day as the instants [from, to) it spans (Seoul keeps no summer time: always 24 hours). */
export function kstDayBounds(day: string): { fromMs: number; toMs: number } {
  const start = DateTime.fromFormat(day, KST_DATE, { zone: KST_ZONE });
  return { fromMs: start.toMillis(), toMs: start.plus({ days: 1 }).toMillis() };
}

/**
 * A finance period: a KST day `yyyy-MM-dd` or a KST month `yyyy-MM`, as the address and the routes
 * carry it.
 */
export const FINANCE_PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?$/;

/** Whether a period text names a real day or month. */
export function isFinancePeriod(period: string): boolean {
  if (!FINANCE_PERIOD_PATTERN.test(period)) return false;
  return DateTime.fromFormat(period, period.length === 7 ? KST_MONTH : KST_DATE, { zone: KST_ZONE }).isValid;
}

/** The KST days of a period, in order (a month's every day). */
export function periodDays(period: string): string[] {
  if (period.length !== 7) return [period];
  const start = DateTime.fromFormat(period, KST_MONTH, { zone: KST_ZONE });
  return Array.from({ length: start.daysInMonth ?? 31 }, (_, index) =>
    start.plus({ days: index }).toFormat(KST_DATE),
  );
}

/** The days from `from` to `to`, both included, in order. */
export function daysBetween(from: string, to: string): string[] {
  const start = DateTime.fromFormat(from, KST_DATE, { zone: KST_ZONE });
  const end = DateTime.fromFormat(to, KST_DATE, { zone: KST_ZONE });
  const count = Math.round(end.diff(start, 'days').days) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) =>
    start.plus({ days: index }).toFormat(KST_DATE),
  );
}
