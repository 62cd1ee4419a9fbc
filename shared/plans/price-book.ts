import { GIGABYTE, type PlanPriceInfo, type PlanUsageInfo } from './plan-types.ts';

/**
 * The built-in plan catalogue: the prices and quotas the product is sold at. It is seeded into the
 * table (the runtime source the API reads, beside operators' custom plans); prices are in KRW
 * (priceKo), JPY (priceJa) and USD (priceEn), each inside the price bounds of its currency.
 * Annual subscriptions cost ten months of the monthly price; fixed-term passes cost more per month
 * than subscriptions because they never renew.
 */
export const BUILT_IN_PLAN_PRICES: readonly PlanPriceInfo[] = [
  {
    name: 'MR_LIGHT_V3',
    planType: 'LIGHT',
    period: 'MONTHLY',
    isSubscription: true,
    priceKo: 9900,
    priceJa: 1100,
    priceEn: 8.99,
  },
  {
    name: 'YR_LIGHT_V3',
    planType: 'LIGHT',
    period: 'ANNUAL',
    isSubscription: true,
    priceKo: 99000,
    priceJa: 11000,
    priceEn: 89.9,
  },
  {
    name: 'Y1_LIGHT_V3',
    planType: 'LIGHT',
    period: 'ONE_YEAR',
    isSubscription: false,
    priceKo: 118800,
    priceJa: 13200,
    priceEn: 107.88,
  },
  {
    name: 'Y3_LIGHT',
    planType: 'LIGHT',
    period: 'THREE_YEAR',
    isSubscription: false,
    priceKo: 297000,
    priceJa: 33000,
    priceEn: 269.7,
  },
  {
    name: 'MR_STANDARD_V3',
    planType: 'STANDARD',
    period: 'MONTHLY',
    isSubscription: true,
    priceKo: 19900,
    priceJa: 2200,
    priceEn: 17.99,
  },
  {
    name: 'YR_STANDARD_V3',
    planType: 'STANDARD',
    period: 'ANNUAL',
    isSubscription: true,
    priceKo: 199000,
    priceJa: 22000,
    priceEn: 179.9,
  },
  {
    name: 'Y1_STANDARD_V3',
    planType: 'STANDARD',
    period: 'ONE_YEAR',
    isSubscription: false,
    priceKo: 238800,
    priceJa: 26400,
    priceEn: 215.88,
  },
  {
    name: 'Y3_STANDARD',
    planType: 'STANDARD',
    period: 'THREE_YEAR',
    isSubscription: false,
    priceKo: 597000,
    priceJa: 66000,
    priceEn: 539.7,
  },
  {
    name: 'MR_BUSINESS_V3',
    planType: 'BUSINESS',
    period: 'MONTHLY',
    isSubscription: true,
    priceKo: 39900,
    priceJa: 4400,
    priceEn: 35.99,
  },
  {
    name: 'YR_BUSINESS_V3',
    planType: 'BUSINESS',
    period: 'ANNUAL',
    isSubscription: true,
    priceKo: 399000,
    priceJa: 44000,
    priceEn: 359.9,
  },
  {
    name: 'Y1_BUSINESS_V3',
    planType: 'BUSINESS',
    period: 'ONE_YEAR',
    isSubscription: false,
    priceKo: 478800,
    priceJa: 52800,
    priceEn: 431.88,
  },
  {
    name: 'Y3_BUSINESS',
    planType: 'BUSINESS',
    period: 'THREE_YEAR',
    isSubscription: false,
    priceKo: 1197000,
    priceJa: 132000,
    priceEn: 1079.7,
  },
];

/** Monthly quotas per plan type (STT in seconds, cloud storage in bytes). */
export const BUILT_IN_PLAN_USAGES: readonly PlanUsageInfo[] = [
  {
    planType: 'FREE',
    sttUsage: 30 * 60,
    ttsUsage: 10_000,
    translateUsage: 30_000,
    genimageUsage: 20,
    cloudStorageUsage: 1 * GIGABYTE,
    userTTSSpeakerUsage: 0,
  },
  {
    planType: 'LIGHT',
    sttUsage: 600 * 60,
    ttsUsage: 150_000,
    translateUsage: 450_000,
    genimageUsage: 1_500,
    cloudStorageUsage: 10 * GIGABYTE,
    userTTSSpeakerUsage: 1,
  },
  {
    planType: 'STANDARD',
    sttUsage: 1_800 * 60,
    ttsUsage: 300_000,
    translateUsage: 900_000,
    genimageUsage: 3_000,
    cloudStorageUsage: 30 * GIGABYTE,
    userTTSSpeakerUsage: 3,
  },
  {
    planType: 'BUSINESS',
    sttUsage: 7_200 * 60,
    ttsUsage: 600_000,
    translateUsage: 1_800_000,
    genimageUsage: 6_000,
    cloudStorageUsage: 60 * GIGABYTE,
    userTTSSpeakerUsage: 6,
  },
];
