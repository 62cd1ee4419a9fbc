import type { PlanPriceInfo, PlanUsageInfo } from '../../../shared/plans/plan-types.ts';
import { db } from './service.ts';

/** The catalogue of the built-in plans; partner and custom catalogues are named by referral type. */
export const DEFAULT_CATALOGUE = 'default';

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
