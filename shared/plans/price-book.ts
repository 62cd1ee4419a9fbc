import type { EraserPriceBook } from '../usage-eraser/eraser-options.ts';
import { GIGABYTE } from './plan-constants.ts';
import type { PlanPriceInfo, PlanUsageInfo } from './plan-types.ts';

/**
 * The built-in plan catalogue: the prices and quotas the product is sold at. It is seeded into the
 * table (the runtime source the API reads, beside operators' custom plans); prices are in KRW
 * (priceKo), JPY (priceJa) and USD (priceEn), each inside the price bounds of its currency.
 * An annual subscription costs ten months of the monthly price; a one-year pass twelve (it never
 * renews, so it has no annual discount); a three-year pass three annual subscriptions.
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

/**
 * Plans no longer sold but still held (and renewed, upgraded, refunded) by earlier customers: the V2
 * names and the unversioned first names (admin-console.md section 9). They live in their own catalogue,
 * LEGACY_CATALOGUE, which is never offered on the pricing or order pages; a user plan names the
 * catalogue its plan came from.
 */
export const LEGACY_PLAN_PRICES: readonly PlanPriceInfo[] = [
  {
    name: 'MR_LIGHT_V2',
    planType: 'LIGHT',
    period: 'MONTHLY',
    isSubscription: true,
    priceKo: 8900,
    priceJa: 1000,
    priceEn: 7.99,
  },
  {
    name: 'YR_LIGHT_V2',
    planType: 'LIGHT',
    period: 'ANNUAL',
    isSubscription: true,
    priceKo: 89000,
    priceJa: 10000,
    priceEn: 79.9,
  },
  {
    name: 'Y1_LIGHT_V2',
    planType: 'LIGHT',
    period: 'ONE_YEAR',
    isSubscription: false,
    priceKo: 106800,
    priceJa: 12000,
    priceEn: 95.88,
  },
  {
    name: 'MR_STANDARD_V2',
    planType: 'STANDARD',
    period: 'MONTHLY',
    isSubscription: true,
    priceKo: 16900,
    priceJa: 1900,
    priceEn: 14.99,
  },
  {
    name: 'YR_STANDARD_V2',
    planType: 'STANDARD',
    period: 'ANNUAL',
    isSubscription: true,
    priceKo: 169000,
    priceJa: 19000,
    priceEn: 149.9,
  },
  {
    name: 'Y1_STANDARD_V2',
    planType: 'STANDARD',
    period: 'ONE_YEAR',
    isSubscription: false,
    priceKo: 202800,
    priceJa: 22800,
    priceEn: 179.88,
  },
  {
    name: 'MR_BUSINESS_V2',
    planType: 'BUSINESS',
    period: 'MONTHLY',
    isSubscription: true,
    priceKo: 33000,
    priceJa: 3700,
    priceEn: 29.99,
  },
  {
    name: 'YR_BUSINESS_V2',
    planType: 'BUSINESS',
    period: 'ANNUAL',
    isSubscription: true,
    priceKo: 330000,
    priceJa: 37000,
    priceEn: 299.9,
  },
  {
    name: 'Y1_BUSINESS_V2',
    planType: 'BUSINESS',
    period: 'ONE_YEAR',
    isSubscription: false,
    priceKo: 396000,
    priceJa: 44400,
    priceEn: 359.88,
  },
  {
    name: 'MR_LIGHT',
    planType: 'LIGHT',
    period: 'MONTHLY',
    isSubscription: true,
    priceKo: 8000,
    priceJa: 900,
    priceEn: 7.19,
  },
  {
    name: 'YR_LIGHT',
    planType: 'LIGHT',
    period: 'ANNUAL',
    isSubscription: true,
    priceKo: 80000,
    priceJa: 9000,
    priceEn: 71.9,
  },
  {
    name: 'Y1_LIGHT',
    planType: 'LIGHT',
    period: 'ONE_YEAR',
    isSubscription: false,
    priceKo: 96000,
    priceJa: 10800,
    priceEn: 86.28,
  },
  {
    name: 'MR_STANDARD',
    planType: 'STANDARD',
    period: 'MONTHLY',
    isSubscription: true,
    priceKo: 15200,
    priceJa: 1710,
    priceEn: 13.49,
  },
  {
    name: 'YR_STANDARD',
    planType: 'STANDARD',
    period: 'ANNUAL',
    isSubscription: true,
    priceKo: 152000,
    priceJa: 17100,
    priceEn: 134.9,
  },
  {
    name: 'Y1_STANDARD',
    planType: 'STANDARD',
    period: 'ONE_YEAR',
    isSubscription: false,
    priceKo: 182400,
    priceJa: 20520,
    priceEn: 161.88,
  },
  {
    name: 'MR_BUSINESS',
    planType: 'BUSINESS',
    period: 'MONTHLY',
    isSubscription: true,
    priceKo: 29700,
    priceJa: 3330,
    priceEn: 26.99,
  },
  {
    name: 'YR_BUSINESS',
    planType: 'BUSINESS',
    period: 'ANNUAL',
    isSubscription: true,
    priceKo: 297000,
    priceJa: 33300,
    priceEn: 269.9,
  },
  {
    name: 'Y1_BUSINESS',
    planType: 'BUSINESS',
    period: 'ONE_YEAR',
    isSubscription: false,
    priceKo: 356400,
    priceJa: 39960,
    priceEn: 323.88,
  },
];

/** The quotas of a CUSTOM plan when the operator keeps the defaults (admin-console.md section 9). */
export const DEFAULT_CUSTOM_PLAN_USAGE: PlanUsageInfo = {
  planType: 'CUSTOM',
  sttUsage: 7_200 * 60,
  ttsUsage: 600_000,
  translateUsage: 1_800_000,
  genimageUsage: 6_000,
  cloudStorageUsage: 60 * GIGABYTE,
  userTTSSpeakerUsage: 6,
};

/**
 * The partners' own catalogues: the CUSTOM plans agreed with a partner, offered only to accounts of
 * that referral type (section 4: the special referral type sees only CUSTOM). Operators add more with
 * the custom-plan screen; these are the ones every machine starts with.
 */
export const PARTNER_CATALOGUES: Readonly<
  Record<string, { prices: readonly PlanPriceInfo[]; usages: readonly PlanUsageInfo[] }>
> = {
  manebi: {
    prices: [
      {
        name: 'Y1_BUSINESS_MANEBI',
        planType: 'CUSTOM',
        period: 'ONE_YEAR',
        isSubscription: false,
        priceKo: 360000,
        priceJa: 39600,
        priceEn: 323.88,
      },
    ],
    usages: [DEFAULT_CUSTOM_PLAN_USAGE],
  },
  malgnsoft: {
    prices: [
      {
        name: 'M6_BUSINESS_MALGNSOFT',
        planType: 'CUSTOM',
        period: 'SIX_MONTH',
        isSubscription: false,
        priceKo: 198000,
        priceJa: 21780,
        priceEn: 179.94,
      },
    ],
    usages: [DEFAULT_CUSTOM_PLAN_USAGE],
  },
};

/**
 * The usage erasers' tier prices per usage type (KRW, JPY, USD), inside the same price bounds. Seeded into
 * the table as the eraser catalogue (shared/usage-eraser/eraser-options.ts eraserCatalogueOf), from where
 * the eraser page and order read them like every other price.
 */
export const ERASER_PRICES: EraserPriceBook = {
  STANDARD: {
    STT: [9900, 1100, 8.99],
    TTS: [9900, 1100, 8.99],
    TRANSLATE: [7900, 900, 7.49],
    GENIMAGE: [9900, 1100, 8.99],
  },
  BUSINESS: {
    STT: [19900, 2200, 17.99],
    TTS: [19900, 2200, 17.99],
    TRANSLATE: [14900, 1700, 13.49],
    GENIMAGE: [19900, 2200, 17.99],
  },
};
