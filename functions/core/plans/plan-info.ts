import type { PlanPriceInfo, PlanUsageInfo } from '../../../shared/plans/plan-types.ts';
import { offeredPlanPrices } from '../../../shared/plans/plans-offered.ts';
import { catalogueFor } from '../data/plan-catalogue-repository.ts';

/**
 * The plans offered to a referral type at a price version: the referral type's own catalogue when
 * it has one (partners, custom plans: only CUSTOM is offered then), else the built-in catalogue;
 * BUSINESS only at price version '1'. Usage infos are those of the offered plan types.
 */
export async function planInfoFor(input: { referralType?: string; priceVersion?: string }): Promise<{
  planPriceInfos: PlanPriceInfo[];
  planUsageInfos: PlanUsageInfo[];
}> {
  const found = await catalogueFor(input.referralType);
  const planPriceInfos = offeredPlanPrices(found.prices, input.priceVersion);
  const offeredTypes = new Set(planPriceInfos.map((plan) => plan.planType));
  return { planPriceInfos, planUsageInfos: found.usages.filter((usage) => offeredTypes.has(usage.planType)) };
}
