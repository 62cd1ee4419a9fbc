import { BUSINESS_PRICE_VERSION, type PlanPriceInfo, type PlanType } from './plan-types.ts';

/**
 * Plan types offered without upgrade data: LIGHT, STANDARD and BUSINESS for the price version '1',
 * otherwise LIGHT and STANDARD only (site-and-payments.md section 4).
 */
export function planTypesForPriceVersion(priceVersion: string | undefined): PlanType[] {
  return priceVersion === BUSINESS_PRICE_VERSION ? ['LIGHT', 'STANDARD', 'BUSINESS'] : ['LIGHT', 'STANDARD'];
}

/** The price infos a price version offers, in catalogue order (plan type, then period). */
export function offeredPlanPrices(
  all: readonly PlanPriceInfo[],
  priceVersion: string | undefined,
): PlanPriceInfo[] {
  const types = planTypesForPriceVersion(priceVersion);
  return all.filter((plan) => types.includes(plan.planType));
}
