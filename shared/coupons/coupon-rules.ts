import { DateTime } from 'luxon';
import { PAYMENT_TIME_ZONE } from '../payments/constants.ts';
import type { PlanPeriod, PlanType, PlanUsageInfo } from '../plans/plan-types.ts';

/**
 * The coupon (promo code) rules shared by the order pages, the server and the console
 * (site-and-payments.md sections 4, 5 and 9; admin-console.md sections 3, 5 and 9).
 */

/** Spec: a coupon code is 10 characters; the console prefills 10 random uppercase letters and digits. */
export const COUPON_CODE_LENGTH = 10;
const CODE_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';
export const COUPON_CODE_PATTERN = /^[A-Z0-9]{10}$/;

/** What a customer typed, as codes are stored: trimmed, upper case. */
export function normalizeCouponCode(typed: string): string {
  return typed.trim().toUpperCase();
}

export function randomCouponCode(): string {
  let code = '';
  while (code.length < COUPON_CODE_LENGTH) {
    for (const byte of globalThis.crypto.getRandomValues(new Uint8Array(COUPON_CODE_LENGTH))) {
      // Rejection sampling: 252 is the largest multiple of 36 under 256, so every symbol is equally likely.
      if (byte < 252 && code.length < COUPON_CODE_LENGTH) code += CODE_ALPHABET.charAt(byte % 36);
    }
  }
  return code;
}

/** Spec: discounts apply to LIGHT and STANDARD, monthly, annual and one-year plans. */
export const DISCOUNT_PLAN_TYPES: readonly PlanType[] = ['LIGHT', 'STANDARD'];
export const DISCOUNT_PERIODS: readonly PlanPeriod[] = ['MONTHLY', 'ANNUAL', 'ONE_YEAR'];
/** Spec: bonus quotas apply to monthly and annual subscriptions, Light at 50% of the plan usage, Standard 20%. */
export const BONUS_QUOTA_PERIODS: readonly PlanPeriod[] = ['MONTHLY', 'ANNUAL'];
export const BONUS_QUOTA_PERCENT: Readonly<Partial<Record<PlanType, number>>> = { LIGHT: 50, STANDARD: 20 };

export const BONUS_QUOTA_FEATURES = ['STT', 'TTS', 'TRANSLATE', 'GENIMAGE'] as const;
export type BonusQuotaFeature = (typeof BONUS_QUOTA_FEATURES)[number];
/** A coupon's extra quota for a plan: STT in seconds (the console shows minutes), TTS and TRANSLATE in characters, GENIMAGE in credits. */
export type BonusQuota = Partial<Record<BonusQuotaFeature, number>>;

export function isBonusQuotaFeature(value: string): value is BonusQuotaFeature {
  return (BONUS_QUOTA_FEATURES as readonly string[]).includes(value);
}

/** Whether a plan can carry a coupon's discount. */
export function isDiscountPlan(plan: { planType: PlanType; period: PlanPeriod }): boolean {
  return DISCOUNT_PLAN_TYPES.includes(plan.planType) && DISCOUNT_PERIODS.includes(plan.period);
}

/** Whether a plan can carry a coupon's bonus quota. */
export function isBonusQuotaPlan(plan: { planType: PlanType; period: PlanPeriod }): boolean {
  return plan.planType in BONUS_QUOTA_PERCENT && BONUS_QUOTA_PERIODS.includes(plan.period);
}

/** Spec: the coupon input is shown only for plan types and periods in the allowed list. */
export function couponInputAllowed(plan: { planType: PlanType; period: PlanPeriod }): boolean {
  return isDiscountPlan(plan) || isBonusQuotaPlan(plan);
}

/**
 * The console's quota calculation: a share of the plan type's usage per feature (Light 50%, Standard
 * 20%), floored. Business, Free and Custom plans have no calculation (spec): undefined.
 */
export function calculatedBonusQuota(usage: PlanUsageInfo): BonusQuota | undefined {
  const percent = BONUS_QUOTA_PERCENT[usage.planType];
  if (percent === undefined) return undefined;
  const share = (value: number) => Math.floor((value * percent) / 100);
  return {
    STT: share(usage.sttUsage),
    TTS: share(usage.ttsUsage),
    TRANSLATE: share(usage.translateUsage),
    GENIMAGE: share(usage.genimageUsage),
  };
}

/** A plan's monthly limits with a coupon's bonus on top. */
export function limitsWithBonus(
  usage: PlanUsageInfo,
  bonus: BonusQuota | undefined,
): { sttLimit: number; ttsLimit: number; translateLimit: number; genimageLimit: number } {
  return {
    sttLimit: usage.sttUsage + (bonus?.STT ?? 0),
    ttsLimit: usage.ttsUsage + (bonus?.TTS ?? 0),
    translateLimit: usage.translateUsage + (bonus?.TRANSLATE ?? 0),
    genimageLimit: usage.genimageUsage + (bonus?.GENIMAGE ?? 0),
  };
}

/** Where a coupon stands in its validity window (start inclusive, expiry inclusive). */
export type CouponWindow = 'not_started' | 'active' | 'expired';

export function couponWindow(coupon: { startedAt: number; expiredAt: number }, nowMs: number): CouponWindow {
  if (nowMs < coupon.startedAt) return 'not_started';
  if (nowMs > coupon.expiredAt) return 'expired';
  return 'active';
}

/**
 * The plans a coupon applies to: those of its discount infos and bonus quota infos, alphabetically.
 * The first is where a customer who accepts the 'coupon not available for plan' prompt is taken.
 */
export function couponValidPlans(coupon: {
  discountInfos: ReadonlyArray<{ planName: string }>;
  bonusQuotaInfos: ReadonlyArray<{ planName: string }>;
}): string[] {
  return [
    ...new Set([...coupon.discountInfos, ...coupon.bonusQuotaInfos].map((info) => info.planName)),
  ].sort();
}

/** Why a coupon cannot be used for an order, shown under the coupon input. */
export const COUPON_REFUSALS = [
  'not_found',
  'not_started',
  'expired',
  'exhausted',
  'already_used',
  'invalid_plan',
] as const;
export type CouponRefusal = (typeof COUPON_REFUSALS)[number];

/** The console's defaults for a new coupon: from tomorrow 00:00 to a month later 23:59:59.999, in Seoul. */
export function defaultCouponDates(nowMs: number): { startedAt: number; expiredAt: number } {
  const start = DateTime.fromMillis(nowMs, { zone: PAYMENT_TIME_ZONE }).plus({ days: 1 }).startOf('day');
  return { startedAt: start.toMillis(), expiredAt: start.plus({ months: 1 }).endOf('day').toMillis() };
}

/** The coupon create validations (admin-console.md section 5), with their messages; undefined when valid. */
export function newCouponProblem(
  coupon: { totalAmount: number; startedAt: number; expiredAt: number },
  nowMs: number,
): string | undefined {
  if (!(coupon.totalAmount > 0)) return 'Total amount must be greater than 0';
  if (!(coupon.startedAt > nowMs)) return 'Start date must be in the future';
  if (!(coupon.startedAt < coupon.expiredAt)) return 'Start date must be before expired date';
  return undefined;
}

/**
 * The coupon edit validations: total at least 0, start not after expiry; and, the server's part, a
 * start date that has passed stays as it is (the console locks it) and the total never drops below
 * the coupons already taken.
 */
export function couponEditProblem(
  edit: { totalAmount: number; startedAt: number; expiredAt: number },
  current: { startedAt: number; totalAmount: number; remainAmount: number },
  nowMs: number,
): string | undefined {
  if (!(edit.totalAmount >= 0)) return 'Total amount must be at least 0';
  if (edit.startedAt > edit.expiredAt) return 'Start date must not be after expired date';
  if (current.startedAt <= nowMs && edit.startedAt !== current.startedAt) {
    return 'The start date cannot be changed after the coupon has started';
  }
  const taken = current.totalAmount - current.remainAmount;
  if (edit.totalAmount < taken) return `Total amount cannot be less than the ${taken} already taken`;
  return undefined;
}
