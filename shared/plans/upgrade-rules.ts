import type { PlanPeriod, PlanType } from './plan-types.ts';

/** Tiers in upgrade order (a change at renewal goes down it: shared/subscriptions/plan-change.ts). */
export const PLAN_TIER_RANK: Partial<Record<PlanType, number>> = { LIGHT: 1, STANDARD: 2, BUSINESS: 3 };

export interface PlanKey {
  planType: PlanType;
  period: PlanPeriod;
}

/**
 * Whether a subscription may be upgraded to another (section 4): a higher tier in the same period,
 * or from monthly to yearly at the same or a higher tier. Legacy, V2 and V3 plan names all reduce
 * to a type and a period, so they follow the same rule.
 */
export function canUpgrade(from: PlanKey, to: PlanKey): boolean {
  const fromRank = PLAN_TIER_RANK[from.planType];
  const toRank = PLAN_TIER_RANK[to.planType];
  if (!fromRank || !toRank) return false;
  if (from.period === to.period)
    return (from.period === 'MONTHLY' || from.period === 'ANNUAL') && toRank > fromRank;
  return from.period === 'MONTHLY' && to.period === 'ANNUAL' && toRank >= fromRank;
}

/** Why a plan cannot be chosen while upgrading (the message key of its disabled button), if it cannot. */
export type UpgradeBlock =
  | 'not_valid_term_pass_in_subscribe'
  | 'current_plan'
  | 'can_not_change_to_lower_plan';

export function upgradeBlock(from: PlanKey, to: PlanKey, fixedTermTab: boolean): UpgradeBlock | undefined {
  if (fixedTermTab) return 'not_valid_term_pass_in_subscribe';
  if (from.planType === to.planType && from.period === to.period) return 'current_plan';
  return canUpgrade(from, to) ? undefined : 'can_not_change_to_lower_plan';
}

/**
 * The plans an upgrade can go to (site-and-payments.md section 4): the sold subscriptions `canUpgrade`
 * allows from the current plan, whichever catalogue (legacy, V2, V3) the current plan came from. A
 * fixed-term pass upgrades to nothing.
 */
export function upgradeTargets<P extends PlanKey & { isSubscription: boolean }>(
  from: PlanKey,
  sold: readonly P[],
): P[] {
  return sold.filter((plan) => plan.isSubscription && canUpgrade(from, plan));
}
