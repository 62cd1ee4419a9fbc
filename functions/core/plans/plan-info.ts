import type { PlanPriceInfo, PlanUsageInfo } from '../../../shared/plans/plan-types.ts';
import { offeredPlanPrices } from '../../../shared/plans/plans-offered.ts';
import { DEFAULT_CATALOGUE, getPlanCatalogue } from '../data/plan-catalogue-repository.ts';

/**
 * The plans offered to a referral type at a price version: the referral type's own catalogue when
 * it has one (partners, custom plans), else the built-in catalogue; BUSINESS only at price
 * version '1'. Usage infos are those of the offered plan types.
 */
export async function planInfoFor(input: { referralType?: string; priceVersion?: string }): Promise<{
  planPriceInfos: PlanPriceInfo[];
  planUsageInfos: PlanUsageInfo[];
}> {
  let found = input.referralType ? await getPlanCatalogue(input.referralType) : undefined;
  if (!found || found.prices.length === 0) found = await getPlanCatalogue(DEFAULT_CATALOGUE);
  const planPriceInfos = offeredPlanPrices(found.prices, input.priceVersion);
  const offeredTypes = new Set(planPriceInfos.map((plan) => plan.planType));
  return { planPriceInfos, planUsageInfos: found.usages.filter((usage) => offeredTypes.has(usage.planType)) };
}
