import {
  counterFor,
  countsAsReset,
  LIMIT_FIELD,
  METERED_USAGE_TYPES,
  type MeteredUsageType,
  type PaidCounter,
  paidResetDate,
  USAGE_UNIT,
} from '../../../shared/usage/usage-rules.ts';
import type { UsageCounterItem } from '../data/entities/usage.ts';
import { db } from '../data/service.ts';
import type { TransactionEntities } from '../data/transaction.ts';
import type { UserPlan } from '../data/user-plan-repository.ts';

/**
 * The usage eraser's two sides on the account's monthly counters (UsageCounter): what the eraser page
 * shows (this month's use of each metered feature against the plan's limit) and the reset a paid eraser
 * makes, as an item of the grant's transaction, so that it happens with the order's move to paid and
 * therefore exactly once.
 */
export interface UsageLine {
  usageType: MeteredUsageType;
  used: number;
  limit: number;
  unit: 'seconds' | 'characters' | 'credits';
}

export async function getUsageCounters(uid: string): Promise<UsageCounterItem | undefined> {
  return (await db().entities.usageCounter.get({ uid }).go()).data ?? undefined;
}

/** This month's paid use against the plan's limits; a month whose reset date has passed counts as zero. */
export function usageLines(
  plan: UserPlan,
  counters: UsageCounterItem | undefined,
  nowMs: number,
): UsageLine[] {
  const reset = countsAsReset(counters?.paidLastUpdatedMonthly, paidResetDate(plan.paidAt, nowMs));
  return METERED_USAGE_TYPES.map((usageType) => {
    const counter = counterFor(usageType, true) as PaidCounter;
    return {
      usageType,
      used: reset ? 0 : Math.max(0, counters?.[counter] ?? 0),
      limit: plan[LIMIT_FIELD[usageType]],
      unit: USAGE_UNIT[usageType] as UsageLine['unit'],
    };
  });
}

/** The eraser's reset: the one paid counter of its usage type goes back to zero (the rest untouched). */
export function eraserResetItem(tx: TransactionEntities, uid: string, counter: PaidCounter) {
  return tx.usageCounter
    .update({ uid })
    .set({ [counter]: 0 })
    .commit();
}
