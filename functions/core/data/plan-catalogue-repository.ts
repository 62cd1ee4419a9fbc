import type { PlanPriceInfo, PlanUsageInfo } from '../../../shared/plans/plan-types.ts';
import { db } from './service.ts';

/** The catalogue of the built-in plans; partner and custom catalogues are named by referral type. */
export const DEFAULT_CATALOGUE = 'default';
/** Plans no longer sold, kept for those who hold them (shared/plans/price-book.ts LEGACY_PLAN_PRICES). */
export const LEGACY_CATALOGUE = 'legacy';

type PriceItem = { sortOrder: number } & PlanPriceInfo;

function toPrices(items: readonly PriceItem[]): PlanPriceInfo[] {
  return [...items]
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
    .map(({ name, planType, period, isSubscription, priceKo, priceJa, priceEn }) => ({
      name,
      planType,
      period,
      isSubscription,
      priceKo,
      priceJa,
      priceEn,
    }));
}

/** A catalogue's prices (in catalogue order) and quotas, read in one query of its partition. */
export async function getPlanCatalogue(
  catalogue: string,
): Promise<{ prices: PlanPriceInfo[]; usages: PlanUsageInfo[] }> {
  const { data } = await db().collections.catalogue({ catalogue }).go({ pages: 'all' });
  return {
    prices: toPrices(data.planPrice),
    usages: data.planUsage.map(({ catalogue: _catalogue, ...usage }) => usage),
  };
}

/** Writes (or overwrites) a catalogue's prices and quotas: seeding and catalogue maintenance. */
export async function putPlanCatalogue(
  catalogue: string,
  prices: readonly PlanPriceInfo[],
  usages: readonly PlanUsageInfo[],
): Promise<void> {
  await db()
    .entities.planPrice.put(prices.map((price, sortOrder) => ({ ...price, catalogue, sortOrder })))
    .go();
  await db()
    .entities.planUsage.put(usages.map((usage) => ({ ...usage, catalogue })))
    .go();
}

/** The catalogue a referral type sells from: its own when it has plans, else the built-in one. */
export async function catalogueFor(
  referralType: string | undefined,
): Promise<{ catalogue: string; prices: PlanPriceInfo[]; usages: PlanUsageInfo[] }> {
  if (referralType && referralType !== DEFAULT_CATALOGUE && referralType !== LEGACY_CATALOGUE) {
    const own = await getPlanCatalogue(referralType);
    if (own.prices.length > 0) return { catalogue: referralType, ...own };
  }
  return { catalogue: DEFAULT_CATALOGUE, ...(await getPlanCatalogue(DEFAULT_CATALOGUE)) };
}
