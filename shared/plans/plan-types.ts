// zod/mini: the order pages import these contracts, and mini keeps their bundles small.
import * as z from 'zod/mini';

export { BUSINESS_PRICE_VERSION, GIGABYTE } from './plan-constants.ts';

export const PLAN_TYPES = ['FREE', 'LIGHT', 'STANDARD', 'BUSINESS', 'CUSTOM'] as const;
export type PlanType = (typeof PLAN_TYPES)[number];
export const PlanTypeSchema = z.enum(PLAN_TYPES);

export const SUBSCRIPTION_PERIODS = ['MONTHLY', 'ANNUAL'] as const;
export type SubscriptionPeriod = (typeof SUBSCRIPTION_PERIODS)[number];
export const ONE_TIME_PERIODS = [
  'ONE_YEAR',
  'THREE_YEAR',
  'ONE_MONTH',
  'TWO_MONTH',
  'THREE_MONTH',
  'FOUR_MONTH',
  'FIVE_MONTH',
  'SIX_MONTH',
  'TWO_WEEK',
] as const;
export const PLAN_PERIODS = [...SUBSCRIPTION_PERIODS, ...ONE_TIME_PERIODS] as const;
export type PlanPeriod = (typeof PLAN_PERIODS)[number];
export const PlanPeriodSchema = z.enum(PLAN_PERIODS);

export function isSubscriptionPeriod(period: PlanPeriod): period is SubscriptionPeriod {
  return (SUBSCRIPTION_PERIODS as readonly string[]).includes(period);
}

/** Plan-name prefix of each period: {prefix}_{TYPE}_{version?}. */
export const PERIOD_PREFIX: Record<PlanPeriod, string> = {
  MONTHLY: 'MR',
  ANNUAL: 'YR',
  ONE_YEAR: 'Y1',
  THREE_YEAR: 'Y3',
  ONE_MONTH: 'M1',
  TWO_MONTH: 'M2',
  THREE_MONTH: 'M3',
  FOUR_MONTH: 'M4',
  FIVE_MONTH: 'M5',
  SIX_MONTH: 'M6',
  TWO_WEEK: 'W2',
};

/** The type and period a plan name spells ({prefix}_{TYPE}_{version?}); undefined for another name. */
export function planOfName(planName: string): { planType: PlanType; period: PlanPeriod } | undefined {
  const [prefix, type] = planName.split('_');
  const period = PLAN_PERIODS.find((candidate) => PERIOD_PREFIX[candidate] === prefix);
  const planType = PLAN_TYPES.find((candidate) => candidate === type);
  return period && planType ? { planType, period } : undefined;
}

export const PlanPriceInfoSchema = z.object({
  name: z.string(),
  planType: PlanTypeSchema,
  period: PlanPeriodSchema,
  isSubscription: z.boolean(),
  priceKo: z.number().check(z.nonnegative()),
  priceJa: z.number().check(z.nonnegative()),
  priceEn: z.number().check(z.nonnegative()),
});
export type PlanPriceInfo = z.infer<typeof PlanPriceInfoSchema>;

/** Quotas of a plan type. STT in seconds; cloud storage in bytes. */
export const PlanUsageInfoSchema = z.object({
  planType: PlanTypeSchema,
  sttUsage: z.int().check(z.nonnegative()),
  ttsUsage: z.int().check(z.nonnegative()),
  translateUsage: z.int().check(z.nonnegative()),
  genimageUsage: z.int().check(z.nonnegative()),
  cloudStorageUsage: z.int().check(z.nonnegative()),
  userTTSSpeakerUsage: z.int().check(z.nonnegative()),
});
export type PlanUsageInfo = z.infer<typeof PlanUsageInfoSchema>;
