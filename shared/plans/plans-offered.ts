import { BUSINESS_PRICE_VERSION } from './plan-constants.ts';
import type { PlanPeriod, PlanPriceInfo, PlanType } from './plan-types.ts';

/** The order page's account types: a business account buys BUSINESS only (section 6). */
export const ACCOUNT_TYPES = ['individual', 'business'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];

/**
 * Plan types offered without upgrade data: LIGHT, STANDARD and BUSINESS for the price version '1',
 * otherwise LIGHT and STANDARD only (site-and-payments.md section 4).
 */
export function planTypesForPriceVersion(priceVersion: string | undefined): PlanType[] {
  return priceVersion === BUSINESS_PRICE_VERSION ? ['LIGHT', 'STANDARD', 'BUSINESS'] : ['LIGHT', 'STANDARD'];
}

/**
 * The plan types a customer may choose (section 4): a catalogue of CUSTOM plans (the special referral
 * type) offers only CUSTOM; a business account only BUSINESS; otherwise those of the price version.
 */
export function planTypesOffered(input: {
  catalogue: readonly PlanPriceInfo[];
  accountType?: AccountType | undefined;
  priceVersion?: string | undefined;
}): PlanType[] {
  if (input.catalogue.some((plan) => plan.planType === 'CUSTOM')) return ['CUSTOM'];
  if (input.accountType === 'business') return ['BUSINESS'];
  return planTypesForPriceVersion(input.priceVersion);
}

/** The price infos a price version offers, in catalogue order (plan type, then period). */
export function offeredPlanPrices(
  all: readonly PlanPriceInfo[],
  priceVersion: string | undefined,
  accountType?: AccountType,
): PlanPriceInfo[] {
  const types = planTypesOffered({ catalogue: all, accountType, priceVersion });
  return all.filter((plan) => types.includes(plan.planType));
}

/** The periods offered for a plan type: those its price infos have, in catalogue order. */
export function periodsOffered(offered: readonly PlanPriceInfo[], planType: PlanType): PlanPeriod[] {
  return offered.filter((plan) => plan.planType === planType).map((plan) => plan.period);
}

/**
 * The plan a choice of type and period lands on: that exact plan when offered, else the type's plan
 * of the same subscription kind, else the type's first plan (choosing BUSINESS from a LIGHT annual
 * subscription keeps an annual subscription when one exists).
 */
export function planForChoice(
  offered: readonly PlanPriceInfo[],
  choice: { planType: PlanType; period: PlanPeriod; isSubscription: boolean },
): PlanPriceInfo | undefined {
  const ofType = offered.filter((plan) => plan.planType === choice.planType);
  return (
    ofType.find((plan) => plan.period === choice.period) ??
    ofType.find((plan) => plan.isSubscription === choice.isSubscription) ??
    ofType[0]
  );
}
