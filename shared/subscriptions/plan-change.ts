import type { Currency } from '../currency.ts';
import { WALLET_PAY_METHOD } from '../payments/pay-methods.ts';
import { checkFinalPrice } from '../payments/price-bounds.ts';
import type { PlanPeriod, PlanType, SubscriptionPeriod } from '../plans/plan-types.ts';
import { PLAN_TIER_RANK } from '../plans/upgrade-rules.ts';
import { type RenewingPlan, renewalPrice } from './renewal-reminder.ts';

/**
 * A change of plan at the next renewal (issue 33), as Stripe's customer portal, Paddle and Chargebee
 * offer it: the subscriber picks, for the end of the current period, a lower plan of the same family or
 * the same plan over another period; the renewal then charges that plan's price and grants that plan,
 * with no proration and no refund. An upgrade stays immediate (shared/plans/upgrade-rules.ts). One
 * change per subscription, replaced or cancelled until the renewal begins.
 *
 * This module decides which changes a subscription may schedule, and what its renewal then charges and
 * grants. What the price table asks for a plan (the partner's rate applied, as at purchase) is the
 * payment session's rule (functions/core/orders/session-pricing.ts planRenewalQuote); a coupon or a
 * preregistration rate discounts the first period only, so it gives nothing at a renewal.
 */
export const PLAN_CHANGE_REFUSALS = [
  /** A fixed-term pass: it never renews. */
  'fixed-term',
  /** The renewal was cancelled (it runs to its end and stops). */
  'renewal-stopped',
  /** The renewal failed after every retry: the plan is held. */
  'on-hold',
  /** The renewal is due or under way: too late for this period. */
  'renewal-due',
  'current-plan',
  /** A higher tier: an upgrade, made now with the unused days' credit. */
  'higher-plan',
  /** Not a subscription of the plan's family (its catalogue and generation, e.g. the V3 plans). */
  'other-family',
  /** The plan's currency or pay method cannot charge that plan's renewal. */
  'cannot-renew',
] as const;
export type PlanChangeRefusal = (typeof PLAN_CHANGE_REFUSALS)[number];

/**
 * What the wallet (Naver Pay) takes in one payment: won only, from 100 to 2,000,000 won (the limits
 * Stripe's Naver Pay guide states, docs.stripe.com/payments/naver-pay/accept-a-payment; the wallet's own
 * partner documentation is not public). Its maximum lies above every price the price bounds allow
 * (1,436,400 won: plan-change.test.ts checks it), so only its currency and minimum can refuse a renewal.
 */
export const WALLET_CHARGE_LIMITS = { currency: 'KRW', min: 100 } as const;

/** The subscription a change is asked for, as its plan record holds it. */
export interface ChangingPlan {
  planName: string;
  planType: PlanType;
  period: PlanPeriod;
  isSubscription: boolean;
  planStatus: 'PAID' | 'UNSCHEDULED' | 'HOLD';
  expiredAt: number;
  currency: Currency;
  payMethod: string;
  /** The period whose renewal has begun (its first attempt's order made): changes are closed for it. */
  renewalBegunFor?: number | undefined;
}

/** A plan of the subscription's catalogue, as the price table lists it. */
export interface ChangeTarget {
  name: string;
  planType: PlanType;
  period: PlanPeriod;
  isSubscription: boolean;
}

/**
 * Whether the period's change is fixed: its renewal is due, or has begun (a retry, an operator's retry
 * of a held plan). Until then a change may be replaced or cancelled, whatever the plan's status.
 */
export function planChangeClosed(
  plan: Pick<ChangingPlan, 'expiredAt' | 'renewalBegunFor'>,
  now: number,
): boolean {
  return now >= plan.expiredAt || plan.renewalBegunFor === plan.expiredAt;
}

/** Why no change at all can be scheduled for the plan now, or undefined when one can. */
export function planChangeBlock(plan: ChangingPlan, now: number): PlanChangeRefusal | undefined {
  if (!plan.isSubscription) return 'fixed-term';
  if (plan.planStatus === 'UNSCHEDULED') return 'renewal-stopped';
  if (plan.planStatus === 'HOLD') return 'on-hold';
  if (planChangeClosed(plan, now)) return 'renewal-due';
  return undefined;
}

/**
 * A plan name's generation, what follows its period and type: `MR_LIGHT_V3` is `V3`, `YR_LIGHT_V2`
 * `V2`, the first names (`MR_LIGHT`) none. Within one catalogue, the plans of one generation are a family.
 */
export function planGeneration(planName: string): string {
  return planName.split('_').slice(2).join('_');
}

/**
 * Why the subscription may not change to `target` at its next renewal, or undefined when it may.
 * `target` is a plan of the subscription's own catalogue; `amount` is what its renewal would charge in
 * the subscription's currency (undefined when the table holds no valid price for it in that currency).
 */
export function planChangeRefusal(
  plan: ChangingPlan,
  target: ChangeTarget,
  amount: number | undefined,
  now: number,
): PlanChangeRefusal | undefined {
  const blocked = planChangeBlock(plan, now);
  if (blocked) return blocked;
  if (target.name === plan.planName) return 'current-plan';
  const fromRank = PLAN_TIER_RANK[plan.planType];
  const toRank = PLAN_TIER_RANK[target.planType];
  if (
    !target.isSubscription ||
    fromRank === undefined ||
    toRank === undefined ||
    planGeneration(target.name) !== planGeneration(plan.planName)
  )
    return 'other-family';
  if (toRank > fromRank) return 'higher-plan';
  // No price in the table is no amount the renewal can charge.
  return chargeable(plan, amount ?? Number.NaN) ? undefined : 'cannot-renew';
}

/**
 * Whether the subscription's currency and pay method can charge `amount` at its renewal: an amount the
 * money rules take (the price bounds' maximum included), and on the wallet one it takes.
 */
function chargeable(plan: ChangingPlan, amount: number): boolean {
  if (checkFinalPrice(amount, plan.currency) !== 'payable') return false;
  if (plan.payMethod !== WALLET_PAY_METHOD) return true;
  return plan.currency === WALLET_CHARGE_LIMITS.currency && amount >= WALLET_CHARGE_LIMITS.min;
}

/** A change as the plan record keeps it until the renewal applies it. */
export interface ScheduledChange {
  /** Names this change: the renewal's order carries it, and applies only the change it names. */
  changeId: string;
  planName: string;
  planType: PlanType;
  /** A change is always into a subscription. */
  period: SubscriptionPeriod;
  /** The catalogue the new plan is in (the subscription's own). */
  catalogue: string;
  /** What the renewal charges for it. */
  amount: number;
}

/** What a renewal charges and grants: the plan it renews into, its period and the amount. */
export interface RenewalTerms {
  planName: string;
  planType: PlanType;
  period: PlanPeriod;
  catalogue: string;
  amount: number;
  /** The scheduled change the renewal applies, if any. */
  planChangeId?: string | undefined;
}

/**
 * The terms of a subscription's next renewal: the scheduled change's plan, period and price when one is
 * scheduled (`planChangeId` names it), else the same plan at its renewal price.
 */
export function renewalTerms(
  plan: RenewingPlan & {
    planName: string;
    planType: PlanType;
    catalogue: string;
    planChange?: ScheduledChange | undefined;
  },
): RenewalTerms {
  const amount = renewalPrice(plan);
  const change = plan.planChange;
  if (change)
    return {
      planName: change.planName,
      planType: change.planType,
      period: change.period,
      catalogue: change.catalogue,
      amount,
      planChangeId: change.changeId,
    };
  return {
    planName: plan.planName,
    planType: plan.planType,
    period: plan.period,
    catalogue: plan.catalogue,
    amount,
  };
}
