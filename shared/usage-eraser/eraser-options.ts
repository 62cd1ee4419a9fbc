import { hasPaidFeature } from '../plans/plan-features.ts';
import type { PlanType } from '../plans/plan-types.ts';
import { BUILT_IN_PLAN_USAGES, ERASER_PRICES } from '../plans/price-book.ts';
import { type MeteredUsageType, PLAN_USAGE_FIELD } from '../usage/usage-rules.ts';

/**
 * The usage eraser (site-and-payments.md sections 2 and 3): a one-off purchase that sets one of this
 * month's counters of a STANDARD or BUSINESS plan back to zero, so the whole monthly allowance of that
 * feature is available again. `usage` is what it gives back at most (the tier's monthly quota); the
 * price is the tier's. Prices lie within the currency bounds like every catalogue price.
 */
export interface EraserOption {
  planName: string;
  usageType: MeteredUsageType;
  planType: PlanType;
  usage: number;
  description: string;
  priceKo: number;
  priceJa: number;
  priceEn: number;
}

export const ERASER_OPTIONS: readonly EraserOption[] = (['STANDARD', 'BUSINESS'] as const).flatMap((tier) => {
  const quotas = BUILT_IN_PLAN_USAGES.find((usage) => usage.planType === tier);
  if (!quotas) throw new Error(`No usage for ${tier}`);
  return (Object.keys(ERASER_PRICES[tier]) as MeteredUsageType[]).map((usageType) => {
    const [priceKo, priceJa, priceEn] = ERASER_PRICES[tier][usageType];
    return {
      planName: `ERASER_${usageType}_${tier}`,
      usageType,
      planType: tier,
      usage: quotas[PLAN_USAGE_FIELD[usageType]],
      description: `eraser.${usageType}`,
      priceKo,
      priceJa,
      priceEn,
    };
  });
});

/** The eraser tier of a plan type: CUSTOM plans are partners' business plans. */
function eraserTier(planType: PlanType): PlanType {
  return planType === 'CUSTOM' ? 'BUSINESS' : planType;
}

/** Whether a plan type may buy erasers (a STANDARD and BUSINESS feature). */
export function erasersOffered(planType: PlanType): boolean {
  return hasPaidFeature(eraserTier(planType), 'usage_eraser');
}

/** The erasers a plan type is offered, one per usage type. */
export function eraserOptionsFor(planType: PlanType): EraserOption[] {
  const tier = eraserTier(planType);
  return ERASER_OPTIONS.filter((option) => option.planType === tier);
}

/**
 * The eraser chosen when the page opens (site-and-payments.md section 4): the one of the usage type in
 * the address, else the feature whose allowance is most used (the first of the highest ratio).
 */
export function defaultEraserType(
  requested: string | undefined,
  usage: ReadonlyArray<{ usageType: MeteredUsageType; used: number; limit: number }>,
): MeteredUsageType | undefined {
  const named = usage.find((row) => row.usageType === requested);
  if (named) return named.usageType;
  const ratio = (row: { used: number; limit: number }) => (row.limit > 0 ? row.used / row.limit : 0);
  return usage.reduce<(typeof usage)[number] | undefined>(
    (best, row) => (!best || ratio(row) > ratio(best) ? row : best),
    undefined,
  )?.usageType;
}
