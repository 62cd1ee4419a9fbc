import { hasPaidFeature } from '../plans/plan-features.ts';
import type { PlanPriceInfo, PlanType, PlanUsageInfo } from '../plans/plan-types.ts';
import { METERED_USAGE_TYPES, type MeteredUsageType, PLAN_USAGE_FIELD } from '../usage/usage-rules.ts';

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

/** The plan types erasers are sold for; a CUSTOM plan buys BUSINESS's. */
export const ERASER_TIERS = ['STANDARD', 'BUSINESS'] as const;
export type EraserTier = (typeof ERASER_TIERS)[number];

/** The price book's form of the erasers' prices: per tier and usage type, [KRW, JPY, USD]. */
export type EraserPriceBook = Readonly<
  Record<EraserTier, Readonly<Record<MeteredUsageType, readonly [number, number, number]>>>
>;

export const eraserPlanName = (usageType: MeteredUsageType, tier: EraserTier) =>
  `ERASER_${usageType}_${tier}`;

/** The usage type an eraser's plan name resets (ERASER_STT_STANDARD -> STT). */
export function erasedUsageType(planName: string | undefined): MeteredUsageType | undefined {
  return METERED_USAGE_TYPES.find((usageType) => planName?.startsWith(`ERASER_${usageType}_`));
}

/**
 * The erasers as a plan catalogue, the way every price reaches the table: one price per tier and usage
 * type, and the tiers' quotas (what an eraser gives back at most). Only the seed calls this. Decision:
 * an eraser's period is ONE_MONTH, the month whose counter it resets; it is never a subscription.
 */
export function eraserCatalogueOf(
  book: EraserPriceBook,
  usages: readonly PlanUsageInfo[],
): { prices: PlanPriceInfo[]; usages: PlanUsageInfo[] } {
  return {
    prices: ERASER_TIERS.flatMap((tier) =>
      (Object.keys(book[tier]) as MeteredUsageType[]).map((usageType) => {
        const [priceKo, priceJa, priceEn] = book[tier][usageType];
        return {
          name: eraserPlanName(usageType, tier),
          planType: tier,
          period: 'ONE_MONTH' as const,
          isSubscription: false,
          priceKo,
          priceJa,
          priceEn,
        };
      }),
    ),
    usages: usages.filter((usage) => (ERASER_TIERS as readonly PlanType[]).includes(usage.planType)),
  };
}

/** The eraser tier of a plan type: CUSTOM plans are partners' business plans. */
function eraserTier(planType: PlanType): PlanType {
  return planType === 'CUSTOM' ? 'BUSINESS' : planType;
}

/** Whether a plan type may buy erasers (a STANDARD and BUSINESS feature). */
export function erasersOffered(planType: PlanType): boolean {
  return hasPaidFeature(eraserTier(planType), 'usage_eraser');
}

/** The erasers a plan type is offered, one per usage type, from the eraser catalogue read from the table. */
export function eraserOptionsFor(
  planType: PlanType,
  catalogue: { prices: readonly PlanPriceInfo[]; usages: readonly PlanUsageInfo[] },
): EraserOption[] {
  const tier = eraserTier(planType);
  const quotas = catalogue.usages.find((usage) => usage.planType === tier);
  if (!quotas) return [];
  return catalogue.prices.flatMap((price) => {
    const usageType = erasedUsageType(price.name);
    if (price.planType !== tier || !usageType) return [];
    return [
      {
        planName: price.name,
        usageType,
        planType: tier,
        usage: quotas[PLAN_USAGE_FIELD[usageType]],
        description: `eraser.${usageType}`,
        priceKo: price.priceKo,
        priceJa: price.priceJa,
        priceEn: price.priceEn,
      },
    ];
  });
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
