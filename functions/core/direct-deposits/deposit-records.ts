import { limitsWithBonus } from '../../../shared/coupons/coupon-rules.ts';
import {
  BUILT_IN_DEPOSIT_PLAN_NAMES,
  DIRECT_DEPOSIT_CUSTOMER_UID,
  DIRECT_DEPOSIT_PAY_METHOD,
  DIRECT_DEPOSIT_PG,
  type DirectDepositParams,
} from '../../../shared/direct-deposits/direct-deposit.ts';
import { periodEnd } from '../../../shared/plans/plan-period.ts';
import {
  isSubscriptionPeriod,
  type PlanPriceInfo,
  type PlanUsageInfo,
} from '../../../shared/plans/plan-types.ts';
import type { Payment, UserPlan } from '../data/user-plan-repository.ts';

/**
 * What a direct deposit grants (admin-console.md sections 3 and 9), decided from the deposit and the
 * catalogue read for it: the plan it may grant, the plan and the payment it records. The grant itself
 * (direct-deposit.ts) reads and writes around these.
 */
export interface DirectDeposit extends DirectDepositParams {
  depositId: string;
  desc: string;
  /** When the money counts as paid: now, or a schedule's run time (its plan then starts on time). */
  paidAt?: number;
}

export interface DepositablePlan {
  catalogue: string;
  plan: PlanPriceInfo;
  usage: PlanUsageInfo;
}

/**
 * The plan a deposit may grant from a catalogue: one of the built-in deposit plan names, with its plan
 * type's quotas; only a fixed-term plan, since nothing renews a deposit.
 */
export function depositPlanIn(
  planName: string,
  catalogue: string,
  plans: { prices: readonly PlanPriceInfo[]; usages: readonly PlanUsageInfo[] },
): DepositablePlan | undefined {
  if (!(BUILT_IN_DEPOSIT_PLAN_NAMES as readonly string[]).includes(planName)) return undefined;
  const plan = plans.prices.find((candidate) => candidate.name === planName);
  const usage = plan && plans.usages.find((candidate) => candidate.planType === plan.planType);
  return plan && usage && !isSubscriptionPeriod(plan.period) ? { catalogue, plan, usage } : undefined;
}

/** The plan a deposit grants: a fixed-term pass from `paidAt` with the plan type's quotas, nothing scheduled. */
export function depositPlanRecord(
  deposit: DirectDeposit,
  found: DepositablePlan,
  paidAt: number,
): Omit<UserPlan, 'created' | 'updated'> {
  return {
    uid: deposit.uid,
    planId: deposit.depositId,
    planName: found.plan.name,
    planType: found.plan.planType,
    period: found.plan.period,
    isSubscription: false,
    catalogue: found.catalogue,
    paidAt,
    expiredAt: periodEnd(new Date(paidAt), found.plan.period).getTime(),
    planStatus: 'UNSCHEDULED',
    customerUid: DIRECT_DEPOSIT_CUSTOMER_UID,
    price: deposit.price,
    payMethod: DIRECT_DEPOSIT_PAY_METHOD,
    pg: DIRECT_DEPOSIT_PG,
    currency: deposit.currency,
    ...limitsWithBonus(found.usage, undefined),
    cloudStorageLimit: found.usage.cloudStorageUsage,
    userTTSSpeakerLimit: found.usage.userTTSSpeakerUsage,
    isTest: false,
  };
}

/** The payment of a deposit: paid outside the provider, at the price the operator recorded. */
export function depositPaymentRecord(deposit: DirectDeposit, paidAt: number): Omit<Payment, 'created'> {
  return {
    merchantUid: deposit.depositId,
    uid: deposit.uid,
    paidAt,
    planName: deposit.planName,
    payMethod: DIRECT_DEPOSIT_PAY_METHOD,
    pg: DIRECT_DEPOSIT_PG,
    price: deposit.price,
    currency: deposit.currency,
    userName: deposit.userName,
    userEmail: deposit.userEmail,
    userPhone: deposit.userPhone,
    status: 'paid',
    cancelledAmount: 0,
    customerUid: DIRECT_DEPOSIT_CUSTOMER_UID,
    paymentType: deposit.paymentType,
    isTest: false,
  };
}
