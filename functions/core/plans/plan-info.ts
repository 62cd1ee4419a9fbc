import type { PlanPriceInfo, PlanUsageInfo } from '../../../shared/plans/plan-types.ts';
import { offeredPlanPrices } from '../../../shared/plans/plans-offered.ts';
import { DEFAULT_CATALOGUE, listPlanPrices, listPlanUsages } from '../data/plan-catalogue-repository.ts';

/**
 * The plans offered to a referral type at a price version: the referral type's own catalogue when
 * it has one (partners, custom plans), else the built-in catalogue; BUSINESS only at price
 * version '1'. Usage infos are those of the offered plan types.
 */
export async function planInfoFor(input: { referralType?: string; priceVersion?: string }): Promise<{
  planPriceInfos: PlanPriceInfo[];
  planUsageInfos: PlanUsageInfo[];
}> {
  let catalogue = DEFAULT_CATALOGUE;
  let prices: PlanPriceInfo[] = [];
  if (input.referralType) {
    prices = await listPlanPrices(input.referralType);
    if (prices.length > 0) catalogue = input.referralType;
  }
  if (catalogue === DEFAULT_CATALOGUE) prices = await listPlanPrices(DEFAULT_CATALOGUE);
  const planPriceInfos = offeredPlanPrices(prices, input.priceVersion);
  const offeredTypes = new Set(planPriceInfos.map((plan) => plan.planType));
  const usages = await listPlanUsages(catalogue);
  return { planPriceInfos, planUsageInfos: usages.filter((usage) => offeredTypes.has(usage.planType)) };
}
