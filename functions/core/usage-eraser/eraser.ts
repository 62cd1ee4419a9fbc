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
import type { UserPlan } from '../data/user-plan-repository.ts';

/**
 * What the eraser page shows of the account's monthly counters: this month's use of each metered
 * feature against the plan's limit. The reset a paid eraser makes is an item of the grant's transaction
 * (eraserResetItem in data/usage-repository.ts), so it happens exactly once, with the order's move to paid.
 */
export interface UsageLine {
  usageType: MeteredUsageType;
  used: number;
  limit: number;
  unit: 'seconds' | 'characters' | 'credits';
}

/** This month's paid use against the plan's limits; a month whose reset date has passed counts as zero. */
export function usageLines(
  plan: UserPlan,
  counters: UsageCounterItem | undefined,
  nowMs: number,
): UsageLine[] {
  // This month's counters: none when the month has started again since they were last written.
  const thisMonth =
    counters && !countsAsReset(counters.paidLastUpdatedMonthly, paidResetDate(plan.paidAt, nowMs))
      ? counters
      : undefined;
  return METERED_USAGE_TYPES.map((usageType) => {
    const counter = counterFor(usageType, true) as PaidCounter;
    return {
      usageType,
      used: Math.max(0, thisMonth?.[counter] ?? 0),
      limit: plan[LIMIT_FIELD[usageType]],
      unit: USAGE_UNIT[usageType] as UsageLine['unit'],
    };
  });
}
