import type { PlanPriceInfo, PlanUsageInfo } from './plan-types.ts';
import { offeredPlanPrices } from './plans-offered.ts';
import { BUILT_IN_PLAN_PRICES, BUILT_IN_PLAN_USAGES } from './price-book.ts';

/** The plans a pricing page shows: price infos and the usage infos of their plan types. */
export interface PlanInfo {
  planPriceInfos: PlanPriceInfo[];
  planUsageInfos: PlanUsageInfo[];
}

/**
 * The plans a catalogue offers at a price version (BUSINESS only at price version '1', a catalogue with
 * CUSTOM plans only those), with the usage infos of the plan types offered: get-payment-plan-info-v2's
 * answer for the catalogue it read.
 */
export function planInfoOf(
  catalogue: { prices: readonly PlanPriceInfo[]; usages: readonly PlanUsageInfo[] },
  priceVersion: string | undefined,
): PlanInfo {
  const planPriceInfos = offeredPlanPrices(catalogue.prices, priceVersion);
  const offeredTypes = new Set(planPriceInfos.map((plan) => plan.planType));
  return {
    planPriceInfos,
    planUsageInfos: catalogue.usages.filter((usage) => offeredTypes.has(usage.planType)),
  };
}

/**
 * The built-in catalogue's plans, as the pricing page without a referral type shows them with no call
 * (issue 36: pre-rendered with the page). The table's default catalogue holds exactly the price book: it is
 * written from the book on every deployment that changes it and no console screen edits it
 * (functions/core/plans/price-catalogues.ts), so this is what get-payment-plan-info-v2 answers for it.
 */
export const builtInPlanInfo = (priceVersion: string | undefined): PlanInfo =>
  planInfoOf({ prices: BUILT_IN_PLAN_PRICES, usages: BUILT_IN_PLAN_USAGES }, priceVersion);
