import * as z from 'zod';
import { BONUS_QUOTA_FEATURES, COUPON_REFUSALS } from '../coupons/coupon-rules.ts';
import { CURRENCIES } from '../currency.ts';
import { CLIENT_TYPES } from '../identity/client-types.ts';
import { SITE_LANGUAGES } from '../languages.ts';
import {
  PlanPeriodSchema,
  PlanPriceInfoSchema,
  PlanTypeSchema,
  PlanUsageInfoSchema,
} from '../plans/plan-types.ts';
import { ACCOUNT_TYPES } from '../plans/plans-offered.ts';
import { DISCOUNT_SOURCES } from './order-price.ts';

/**
 * The payment session as the order pages see it (site-and-payments.md section 3): what the customer is
 * buying, from whom, at what price, with which coupon. The server computes every figure in it; the
 * page shows them and sends them back only as claims the server checks.
 */
export const CurrencySchema = z.enum(CURRENCIES);
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);

const PricesSchema = z.object({ priceKo: z.number(), priceJa: z.number(), priceEn: z.number() });

export const CouponDiscountInfoSchema = PricesSchema.extend({ planName: z.string(), rate: z.number() });
export type CouponDiscountInfo = z.infer<typeof CouponDiscountInfoSchema>;

export const BonusQuotaSchema = z.partialRecord(z.enum(BONUS_QUOTA_FEATURES), z.number().int().nonnegative());

export const CouponBonusQuotaInfoSchema = z.object({ planName: z.string(), quota: BonusQuotaSchema });
export type CouponBonusQuotaInfo = z.infer<typeof CouponBonusQuotaInfoSchema>;

/** A coupon with its rules: discounts and bonus quotas per plan, and the plans it is valid for. */
export const CouponInfoSchema = z.object({
  coupon: z.object({
    name: z.string(),
    couponCode: z.string(),
    startedAt: z.number(),
    expiredAt: z.number(),
  }),
  discountInfos: z.array(CouponDiscountInfoSchema),
  bonusQuotaInfos: z.array(CouponBonusQuotaInfoSchema),
  validPlans: z.array(z.string()),
});
export type CouponInfo = z.infer<typeof CouponInfoSchema>;

/** Why a coupon was refused, with what the customer needs to see (the window, the valid plans). */
export const CouponRefusalSchema = z.object({
  reason: z.enum(COUPON_REFUSALS),
  startedAt: z.number().optional(),
  expiredAt: z.number().optional(),
  validPlans: z.array(z.string()).optional(),
});
export type CouponRefusalInfo = z.infer<typeof CouponRefusalSchema>;

export const OrderPriceSchema = z.object({
  listPrice: z.number(),
  finalPrice: z.number(),
  discountRate: z.number(),
  discountSource: z.enum(DISCOUNT_SOURCES),
  /** What the checkout charges: the final price, or in test mode its test-range image. */
  chargedPrice: z.number(),
  /** 'free' when nothing is to be paid (no pay button). */
  payable: z.boolean(),
  /** An upgrade's credit for the plan it replaces, already taken off finalPrice. */
  credit: z.number().default(0),
});
export type OrderPriceInfo = z.infer<typeof OrderPriceSchema>;

/**
 * Plan upgrade data (section 3): the plan being upgraded, the credit for its unused part (refundAmount,
 * computed by the server) and who paid for it. previousPlanPerod is the specification's spelling.
 */
export const PlanUpgradeDataSchema = z.object({
  previousPrice: z.number(),
  previousPlanName: z.string(),
  previousPlanType: PlanTypeSchema,
  previousPlanPerod: PlanPeriodSchema,
  previousCurrency: CurrencySchema,
  previousPayMethod: z.string(),
  refundAmount: z.number(),
  customerUid: z.string().optional(),
  paidUserInfo: z.object({ name: z.string(), email: z.string(), phone: z.string() }),
});
export type PlanUpgradeData = z.infer<typeof PlanUpgradeDataSchema>;

export const SessionInfoSchema = z.object({
  guid: z.string(),
  language: z.enum(SITE_LANGUAGES),
  clientType: z.enum(CLIENT_TYPES),
  isCustom: z.boolean(),
  isTest: z.boolean(),
  planPriceInfo: PlanPriceInfoSchema,
  planUsageInfo: PlanUsageInfoSchema,
  /** The plans the plan selection form offers (its two dropdowns read types and periods from them). */
  planPriceInfos: z.array(PlanPriceInfoSchema),
  planTypesOffered: z.array(PlanTypeSchema),
  currency: CurrencySchema,
  /** Currencies the customer may switch to (the currency option); one entry when there is no choice. */
  currencyOptions: z.array(CurrencySchema),
  referralType: z.string().optional(),
  referralCode: z.string().optional(),
  referral: z
    .object({
      label: z.string(),
      discountPercent: z.number(),
      priceDisplay: z.enum(['list', 'strikethrough', 'custom-plan']),
    })
    .optional(),
  priceVersion: z.string().optional(),
  /**
   * The rate of the account's unused preregistration coupon, when this order may take it (a new order
   * of a built-in plan); the price takes it when it is the best discount.
   */
  preregisteredPercent: z.number().optional(),
  /** Whether the wallet (Naver Pay recurring) may be offered for this session. */
  showNaverPay: z.boolean(),
  accountInfo: z.object({ userName: z.string(), email: z.string() }),
  /** Shown only when the plan is not CUSTOM and no referral discount applies. */
  showAccountType: z.boolean(),
  accountType: AccountTypeSchema.optional(),
  couponAllowed: z.boolean(),
  couponInfo: CouponInfoSchema.optional(),
  bonusQuota: BonusQuotaSchema.optional(),
  /** Upgrade sessions: the plan upgraded; the price is the new plan's less refundAmount. */
  planUpgradeData: PlanUpgradeDataSchema.optional(),
  price: OrderPriceSchema,
  expiresAt: z.number(),
});
export type SessionInfo = z.infer<typeof SessionInfoSchema>;
