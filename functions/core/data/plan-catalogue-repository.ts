import type { PlanPriceInfo, PlanUsageInfo } from '../../../shared/plans/plan-types.ts';
import { db } from './service.ts';

/** The catalogue of the built-in plans; partner and custom catalogues are named by referral type. */
export const DEFAULT_CATALOGUE = 'default';

export async function listPlanPrices(catalogue: string): Promise<PlanPriceInfo[]> {
  const { data } = await db().entities.planPrice.query.byCatalogue({ catalogue }).go({ pages: 'all' });
  return data
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

export async function listPlanUsages(catalogue: string): Promise<PlanUsageInfo[]> {
  const { data } = await db().entities.planUsage.query.byCatalogue({ catalogue }).go({ pages: 'all' });
  return data.map(({ catalogue: _catalogue, ...usage }) => usage);
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
