import { CUSTOM_PLAN_REFERRAL_TYPES } from '../../../shared/plans/custom-plan-rules.ts';
import type { PlanPriceInfo, PlanUsageInfo } from '../../../shared/plans/plan-types.ts';
import { tableService } from './client.ts';
import { CustomPlan as CustomPlanEntity, type CustomPlanItem } from './entities/custom-plan.ts';
import { PlanPrice } from './entities/plan-price.ts';
import { PlanUsage } from './entities/plan-usage.ts';
import { conditionFailed, type ItemOutcomes, lostToConcurrentWrite } from './transaction.ts';

const db = tableService({ customPlan: CustomPlanEntity, planPrice: PlanPrice, planUsage: PlanUsage });

/** The catalogue of the built-in plans; partner and custom catalogues are named by referral type. */
export const DEFAULT_CATALOGUE = 'default';
/** Plans no longer sold, kept for those who hold them (shared/plans/price-book.ts LEGACY_PLAN_PRICES). */
export const LEGACY_CATALOGUE = 'legacy';
/**
 * The custom plans of no partner: never offered on the pricing or order pages of anyone's own session;
 * sold through an operator's order link (payment progress) or granted by direct deposit.
 */
export const CUSTOM_PLAN_CATALOGUE = 'custom';
/** The catalogues custom plans live in: the operators' own and each partner's. */
export const CUSTOM_PLAN_CATALOGUES: readonly string[] = [
  CUSTOM_PLAN_CATALOGUE,
  ...CUSTOM_PLAN_REFERRAL_TYPES,
];
/**
 * The usage erasers' prices and their tiers' quotas (seeded from shared/plans/price-book.ts ERASER_PRICES):
 * never a plan, so no plan name lookup or referral type reaches it.
 */
export const ERASER_CATALOGUE = 'eraser';
/** Every catalogue a plan name can be in; a name is in at most one of them. */
const PLAN_CATALOGUES: readonly string[] = [DEFAULT_CATALOGUE, LEGACY_CATALOGUE, ...CUSTOM_PLAN_CATALOGUES];

export type CustomPlan = Omit<CustomPlanItem, 'catalogue'>;

export interface PlanCatalogue {
  prices: PlanPriceInfo[];
  usages: PlanUsageInfo[];
  /** The custom plans' own quotas and records. */
  customPlans: CustomPlan[];
}

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
export async function getPlanCatalogue(catalogue: string): Promise<PlanCatalogue> {
  const { data } = await db().collections.catalogue({ catalogue }).go({ pages: 'all' });
  return {
    prices: toPrices(data.planPrice),
    usages: data.planUsage.map(({ catalogue: _catalogue, ...usage }) => usage),
    customPlans: data.customPlan.map(({ catalogue: _catalogue, ...plan }) => plan),
  };
}

/**
 * The quotas a plan of a catalogue is sold with: a custom plan's own, else its plan type's. Every
 * reader of a plan's quotas (sessions, the grant, renewals) goes through here.
 */
export function planUsageFor(
  catalogue: Pick<PlanCatalogue, 'usages' | 'customPlans'>,
  plan: Pick<PlanPriceInfo, 'name' | 'planType'>,
): PlanUsageInfo | undefined {
  const own = catalogue.customPlans.find((custom) => custom.name === plan.name);
  if (!own) return catalogue.usages.find((usage) => usage.planType === plan.planType);
  return {
    planType: plan.planType,
    sttUsage: own.sttUsage,
    ttsUsage: own.ttsUsage,
    translateUsage: own.translateUsage,
    genimageUsage: own.genimageUsage,
    cloudStorageUsage: own.cloudStorageUsage,
    userTTSSpeakerUsage: own.userTTSSpeakerUsage,
  };
}

/** The catalogue that holds a plan name, with the plan (one batch of key reads, no query). */
export async function findPlanByName(
  name: string,
): Promise<{ catalogue: string; plan: PlanPriceInfo } | undefined> {
  const { data } = await db()
    .entities.planPrice.get(PLAN_CATALOGUES.map((catalogue) => ({ catalogue, name })))
    .go();
  const found = PLAN_CATALOGUES.map((catalogue) => data.find((item) => item.catalogue === catalogue)).find(
    Boolean,
  );
  if (!found) return undefined;
  const [plan] = toPrices([found]);
  return plan && { catalogue: found.catalogue, plan };
}

/**
 * Adds a custom plan to a catalogue: its price (after the catalogue's others) and its own record, in
 * one transaction that refuses a name the catalogue already holds ('exists').
 */
export async function createCustomPlan(
  catalogue: string,
  price: PlanPriceInfo,
  record: Omit<CustomPlan, 'name' | 'created'>,
): Promise<'created' | 'exists'> {
  const { prices } = await getPlanCatalogue(catalogue);
  const { canceled, data } = await db()
    .transaction.write(({ planPrice, customPlan }) => [
      planPrice.create({ ...price, catalogue, sortOrder: prices.length }).commit(),
      customPlan.create({ ...record, catalogue, name: price.name }).commit(),
    ])
    .go();
  if (!canceled) return 'created';
  const outcomes = data as ItemOutcomes;
  if (conditionFailed(outcomes, 0) || conditionFailed(outcomes, 1)) return 'exists';
  if (lostToConcurrentWrite(outcomes))
    throw new Error(`The custom plan ${price.name} lost to a concurrent write`);
  throw new Error(`The custom plan ${price.name} was refused: ${JSON.stringify(outcomes)}`);
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
): Promise<{ catalogue: string } & PlanCatalogue> {
  const notAReferralType = [DEFAULT_CATALOGUE, LEGACY_CATALOGUE, CUSTOM_PLAN_CATALOGUE, ERASER_CATALOGUE];
  if (referralType && !notAReferralType.includes(referralType)) {
    const own = await getPlanCatalogue(referralType);
    if (own.prices.length > 0) return { catalogue: referralType, ...own };
  }
  return { catalogue: DEFAULT_CATALOGUE, ...(await getPlanCatalogue(DEFAULT_CATALOGUE)) };
}
