import { type PlanInfo, planInfoOf } from '../../../shared/plans/plan-info.ts';
import { catalogueFor } from '../data/plan-catalogue-repository.ts';

/**
 * The plans offered to a referral type at a price version: the referral type's own catalogue when
 * it has one (partners, custom plans: only CUSTOM is offered then), else the built-in catalogue;
 * BUSINESS only at price version '1'. Usage infos are those of the offered plan types.
 */
export async function planInfoFor(input: {
  referralType?: string;
  priceVersion?: string;
}): Promise<PlanInfo> {
  return planInfoOf(await catalogueFor(input.referralType), input.priceVersion);
}
