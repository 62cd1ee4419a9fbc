import { CURRENCIES, type Currency, fromMinorUnits, toMinorUnits } from '../currency.ts';
import type { PlanPeriod, PlanType } from '../plans/plan-types.ts';
import { ALL_METHODS, financeTotals, kstDayBounds, type LedgerLine } from './ledger.ts';

/**
 * The revenue page's figures (issue 27, point 4), computed from the ledger (money by day) and from the
 * subscriptions' plans (who subscribes when), as pure functions the route and the tests share.
 */

/**
 * What one period of a plan adds to the monthly recurring revenue, as a share of its price: a monthly
 * subscription its price, an annual subscription a twelfth of its price (it recurs yearly), a fixed-term
 * pass nothing (it does not recur: its money is revenue of the day it was paid, not recurring revenue).
 */
export function mrrShare(period: PlanPeriod): number {
  if (period === 'MONTHLY') return 1;
  if (period === 'ANNUAL') return 1 / 12;
  return 0;
}

/** One subscription as its plan says: from its purchase to its end, at the price of its current period. */
export interface SubscriptionSpan {
  planType: PlanType;
  period: PlanPeriod;
  currency: Currency;
  /** What its current period was paid (the last payment: a renewal's, or the first one's). */
  price: number;
  /** When it was bought (the plan's creation). */
  startMs: number;
  /** When it ends or ended: a renewal moves it on, an unsubscribe leaves it, a refund or upgrade ends it. */
  endMs: number;
  /** It began as the upgrade of another subscription (a change of plan, not a new subscriber). */
  upgradedFrom?: boolean;
  /** It ended because it was upgraded (a change of plan, not a lost subscriber). */
  replaced?: boolean;
}

/** A plan as the charts group subscriptions: its type and period (`STANDARD MONTHLY`), versions together. */
export const planKey = (span: Pick<SubscriptionSpan, 'planType' | 'period'>) =>
  `${span.planType} ${span.period}`;

export interface SubscriptionDay {
  day: string;
  /** Subscriptions running at the end of the day (now, for today), per plan key. */
  active: Record<string, number>;
  /** Subscriptions bought that day (upgrades are changes of plan: not counted). */
  started: number;
  /**
   * Subscriptions that ended that day and are not running now: run out after an unsubscribe, refunded,
   * held (upgrades not counted).
   */
  ended: number;
  /** Monthly recurring revenue at the end of the day, per currency (rounded half up to the currency). */
  mrr: Partial<Record<Currency, number>>;
}

/**
 * The subscription figures of each day. Past days are read from each plan's current start and end (a
 * plan renewed after a hold counts as running while it was held; the price is its current period's).
 */
export function subscriptionDays(
  spans: readonly SubscriptionSpan[],
  days: readonly string[],
  nowMs: number,
): SubscriptionDay[] {
  return days.map((day) => {
    const { fromMs, toMs } = kstDayBounds(day);
    const at = Math.min(toMs, nowMs);
    const active: Record<string, number> = {};
    const mrrMinor = new Map<Currency, number>();
    let started = 0;
    let ended = 0;
    for (const span of spans) {
      if (span.startMs < at && span.endMs > at) {
        const key = planKey(span);
        active[key] = (active[key] ?? 0) + 1;
        const monthly = toMinorUnits(span.price, span.currency) * mrrShare(span.period);
        mrrMinor.set(span.currency, (mrrMinor.get(span.currency) ?? 0) + monthly);
      }
      if (span.startMs >= fromMs && span.startMs < toMs && !span.upgradedFrom) started += 1;
      if (span.endMs >= fromMs && span.endMs < toMs && span.endMs <= nowMs && !span.replaced) ended += 1;
    }
    const mrr: Partial<Record<Currency, number>> = {};
    for (const currency of CURRENCIES) {
      const minor = mrrMinor.get(currency);
      if (minor !== undefined) mrr[currency] = fromMinorUnits(Math.round(minor), currency);
    }
    return { day, active, started, ended, mrr };
  });
}

export interface RevenueDay {
  day: string;
  currency: Currency;
  gross: number;
  refunded: number;
  net: number;
}

/** Each day's money per currency (days without any entry of a currency have no row of it). */
export function revenueDays(
  entries: readonly (LedgerLine & { day: string })[],
  days: readonly string[],
): RevenueDay[] {
  const byDay = new Map<string, LedgerLine[]>();
  for (const entry of entries) byDay.set(entry.day, [...(byDay.get(entry.day) ?? []), entry]);
  return days.flatMap((day) =>
    financeTotals(byDay.get(day) ?? [])
      .filter((total) => total.payMethod === ALL_METHODS)
      .map(({ currency, gross, refunded, net }) => ({ day, currency, gross, refunded, net })),
  );
}
