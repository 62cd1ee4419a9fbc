import { holdLapsed } from '../../../shared/coupons/coupon-holds.ts';
import {
  type CouponRefusal,
  couponValidPlans,
  couponWindow,
  normalizeCouponCode,
} from '../../../shared/coupons/coupon-rules.ts';
import type { CouponInfo, CouponRefusalInfo } from '../../../shared/orders/session-info.ts';
import type { PlanPriceInfo } from '../../../shared/plans/plan-types.ts';
import {
  type CouponRules,
  getCouponRedemption,
  getCouponRules,
  listCouponRedemptions,
} from '../data/coupon-repository.ts';
import { PaymentError } from '../errors.ts';

/**
 * A coupon on an order (site-and-payments.md sections 4 and 8): whether an account may use it for a
 * plan, what it gives, and why not when it cannot.
 */
export type CouponCheck = { ok: true; rules: CouponRules } | { ok: false; refusal: CouponRefusalInfo };

/** The coupon as the order page shows it: its rules, and the plans of this session it is valid for. */
export function couponInfoOf(rules: CouponRules, offered: readonly PlanPriceInfo[]): CouponInfo {
  const offeredNames = new Set(offered.map((plan) => plan.name));
  const { coupon } = rules;
  return {
    coupon: {
      name: coupon.name,
      couponCode: coupon.couponCode,
      startedAt: coupon.startedAt,
      expiredAt: coupon.expiredAt,
    },
    discountInfos: rules.discounts.map(({ planName, rate, priceKo, priceJa, priceEn }) => ({
      planName,
      rate,
      priceKo,
      priceJa,
      priceEn,
    })),
    bonusQuotaInfos: rules.bonusQuotas.map(({ planName, quota }) => ({ planName, quota })),
    validPlans: couponValidPlans({
      discountInfos: rules.discounts,
      bonusQuotaInfos: rules.bonusQuotas,
    }).filter((planName) => offeredNames.has(planName)),
  };
}

/** Whether one of a coupon's coupons can still be taken: one is free, or a hold has run out. */
async function anyFree(rules: CouponRules, nowMs: number): Promise<boolean> {
  if (rules.coupon.remainAmount > 0) return true;
  const redemptions = await listCouponRedemptions(rules.coupon.couponCode);
  return redemptions.some((redemption) => holdLapsed(redemption, nowMs));
}

/**
 * Checks a coupon for an account and a plan, in the order a customer can act on: unknown, not yet
 * started or expired (with its window), already used by this account, none left, not valid for the plan
 * (with the plans it is valid for among those offered).
 */
export async function checkCoupon(input: {
  code: string;
  uid: string;
  planName: string;
  offered: readonly PlanPriceInfo[];
  nowMs: number;
}): Promise<CouponCheck> {
  const refuse = (reason: CouponRefusal, extra: Omit<CouponRefusalInfo, 'reason'> = {}): CouponCheck => ({
    ok: false,
    refusal: { reason, ...extra },
  });
  const code = normalizeCouponCode(input.code);
  const rules = await getCouponRules(code);
  if (!rules) return refuse('not_found');
  const { coupon } = rules;
  const window = couponWindow(coupon, input.nowMs);
  if (window !== 'active') {
    return refuse(window, { startedAt: coupon.startedAt, expiredAt: coupon.expiredAt });
  }
  const redemption = await getCouponRedemption(code, input.uid);
  if (redemption?.status === 'used') return refuse('already_used');
  if (redemption?.status !== 'held' && !(await anyFree(rules, input.nowMs))) return refuse('exhausted');
  const { validPlans } = couponInfoOf(rules, input.offered);
  if (!validPlans.includes(input.planName)) return refuse('invalid_plan', { validPlans });
  return { ok: true, rules };
}

const REFUSAL_TEXT: Record<CouponRefusal, string> = {
  not_found: 'No such coupon',
  not_started: 'The coupon is not valid yet',
  expired: 'The coupon has expired',
  exhausted: 'No coupons are left',
  already_used: 'This account has used the coupon',
  invalid_plan: 'The coupon is not valid for this plan',
};

/** The coupon check error: INVALID_COUPON_CODE, its body carrying the refusal for the coupon box. */
export function couponRefusalError(refusal: CouponRefusalInfo): PaymentError {
  return new PaymentError('INVALID_COUPON_CODE', REFUSAL_TEXT[refusal.reason], { coupon: refusal });
}
