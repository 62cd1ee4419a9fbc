import type { FinanceLedgerFilter } from '../../../shared/api/finance.ts';
import { REVENUE_MAX_DAYS, REVENUE_RANGE_TOO_LONG } from '../../../shared/api/finance.ts';
import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import {
  daysBetween,
  financeTotals,
  kstDayBounds,
  kstDayOf,
  periodDays,
} from '../../../shared/finance/ledger.ts';
import { revenueDays, type SubscriptionSpan, subscriptionDays } from '../../../shared/finance/revenue.ts';
import { INVALID_DATE_FORMAT } from '../../../shared/time/kst.ts';
import { nowMs } from '../clock.ts';
import {
  type LedgerEntry,
  ledgerDayQuery,
  ledgerOfDay,
  subscriptionsEndingAfter,
} from '../data/finance-repository.ts';
import { readPage } from '../data/list-page.ts';
import type { UserPlan } from '../data/user-plan-repository.ts';
import { findUsersByUidOrEmail } from '../data/user-repository.ts';
import { AdminError } from '../errors.ts';

/**
 * The finance view (shared/api/finance.ts): totals and entries of a period read from the ledger's day
 * partitions, and the revenue page's figures. Test payments are left out unless asked for.
 */
/** Rounds beyond one a day, for a day whose entries span DynamoDB pages or a filter that keeps few. */
const MAX_ROUNDS_PER_DAY_LIST = 5;

const counted = (includeTest: boolean | undefined) => (entry: LedgerEntry) => includeTest || !entry.isTest;

async function entriesOf(days: readonly string[], includeTest: boolean | undefined): Promise<LedgerEntry[]> {
  const perDay = await Promise.all(days.map((day) => ledgerOfDay(day)));
  return perDay.flat().filter(counted(includeTest));
}

export async function financeSummary(input: { period: string; includeTest?: boolean | undefined }) {
  const entries = await entriesOf(periodDays(input.period), input.includeTest);
  return { result: { period: input.period, totals: financeTotals(entries) } };
}

export async function financeLedger(input: FinanceLedgerFilter & ListPageRequest) {
  const { period, kind, currency, payMethod } = input;
  const test = counted(input.includeTest);
  const keep = (entry: LedgerEntry) =>
    test(entry) &&
    (!kind || entry.kind === kind) &&
    (!currency || entry.currency === currency) &&
    (!payMethod || entry.payMethod === payMethod);
  const days = periodDays(period);
  // A day's partition is one query and most hold a page or less: a page may read every day of a month.
  const { rows, cursor } = await readPage(
    `finance-ledger-${period}`,
    days.map(ledgerDayQuery),
    input,
    keep,
    days.length + MAX_ROUNDS_PER_DAY_LIST,
  );
  // The ledger keeps the uid; the page shows whose payment it was by the account's address.
  const accounts = await findUsersByUidOrEmail([...new Set(rows.map((entry) => entry.uid))]);
  const result = rows.map((entry) => {
    const userEmail = accounts.get(entry.uid)?.email;
    return userEmail ? { ...entry, userEmail } : entry;
  });
  return { result, cursor };
}

function spanOf(plan: UserPlan): SubscriptionSpan {
  return {
    planType: plan.planType,
    period: plan.period,
    currency: plan.currency,
    price: plan.price,
    startMs: plan.created,
    endMs: plan.expiredAt,
    ...(plan.upgradedFrom ? { upgradedFrom: true } : {}),
    ...(plan.replacedBy ? { replaced: true } : {}),
  };
}

export async function revenueReport(input: { from: string; to: string; includeTest?: boolean | undefined }) {
  const now = nowMs();
  const today = kstDayOf(now);
  const to = input.to > today ? today : input.to;
  if (input.from > to) throw new AdminError('invalid_argument', INVALID_DATE_FORMAT);
  const days = daysBetween(input.from, to);
  if (days.length > REVENUE_MAX_DAYS) throw new AdminError('invalid_argument', REVENUE_RANGE_TOO_LONG);
  const [entries, plans] = await Promise.all([
    entriesOf(days, input.includeTest),
    subscriptionsEndingAfter(kstDayBounds(input.from).fromMs),
  ]);
  const spans = plans.filter((plan) => input.includeTest || !plan.isTest).map(spanOf);
  return {
    result: {
      days,
      revenue: revenueDays(entries, days),
      subscriptions: subscriptionDays(spans, days, now),
    },
  };
}
