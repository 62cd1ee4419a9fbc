import { limitsWithBonus } from '../../../shared/coupons/coupon-rules.ts';
import type { ServerErrorType } from '../../../shared/errors/catalogue.ts';
import { periodEnd } from '../../../shared/plans/plan-period.ts';
import type { PlanType, PlanUsageInfo } from '../../../shared/plans/plan-types.ts';
import { counterFor, type PaidCounter } from '../../../shared/usage/usage-rules.ts';
import { erasersOffered } from '../../../shared/usage-eraser/eraser-options.ts';
import type { GrantEffect } from '../data/grant-transaction.ts';
import type { PaymentOrder } from '../data/order-reads.ts';
import { getPlanCatalogue, planUsageFor } from '../data/plan-catalogue-repository.ts';
import {
  activeOf,
  currentPlanState,
  getUserPlan,
  getUserPlanHead,
  type UserPlanHead,
} from '../data/user-plan-repository.ts';
import { PaymentError } from '../errors.ts';
import { planRecord, type Receipt } from './grant-records.ts';

/**
 * What a paid order grants, decided from the account's plans as they are now (read before the grant
 * transaction, which writes only if they are still so: the plan head at the version read, see
 * currentPlanState). An order whose purpose no longer holds (a second plan for an account that has
 * one, a renewal of a plan refunded meanwhile, an upgrade of a plan that changed, an eraser for a plan
 * without erasers) is refused: its money goes back.
 */
export type GrantDecision =
  | { grant: GrantEffect; head: UserPlanHead | undefined }
  | { refuse: ServerErrorType; message: string };

/** A plan's quotas: a custom plan's own, else its plan type's (planUsageFor). */
async function usageOf(catalogue: string, planName: string, planType: PlanType): Promise<PlanUsageInfo> {
  const usage = planUsageFor(await getPlanCatalogue(catalogue), { name: planName, planType });
  if (!usage) throw new PaymentError('DB_ERROR', `No usage for ${planName} in ${catalogue}`);
  return usage;
}

function planLimits(usage: PlanUsageInfo) {
  return {
    ...limitsWithBonus(usage, undefined),
    cloudStorageLimit: usage.cloudStorageUsage,
    userTTSSpeakerLimit: usage.userTTSSpeakerUsage,
  };
}

export async function grantDecision(
  order: PaymentOrder,
  receipt: Receipt,
  now: number,
): Promise<GrantDecision> {
  switch (order.paymentType) {
    case 'oneoff':
    case 'regular': {
      const [{ head, plan: current }, usage] = await Promise.all([
        currentPlanState(order.uid),
        usageOf(order.catalogue, order.planName, order.planType),
      ]);
      const active = activeOf(current, now);
      if (active && active.planId !== order.merchantUid) {
        return { refuse: 'DUPLICATE_PAYMENT', message: `The account already holds ${active.planName}` };
      }
      return { grant: { kind: 'new-plan', plan: planRecord(order, receipt, usage) }, head };
    }
    case 'renewal': {
      const [head, plan] = await Promise.all([
        getUserPlanHead(order.uid),
        getUserPlan(order.uid, order.planId ?? ''),
      ]);
      if (
        !plan ||
        head?.currentPlanId !== plan.planId ||
        plan.expiredAt !== order.planExpiredAt ||
        (plan.planStatus !== 'PAID' && plan.planStatus !== 'HOLD') ||
        plan.planChange?.changeId !== order.planChangeId
      ) {
        return { refuse: 'ABNORMAL_PAYMENT_STATUS', message: 'The plan changed before its renewal was paid' };
      }
      // The plan the renewal grants is the order's: the plan itself, or the change the order applies.
      const renewed = order.planChangeId
        ? {
            planName: order.planName,
            planType: order.planType,
            period: order.period,
            catalogue: order.catalogue,
          }
        : plan;
      const start = periodStart(order, receipt.paidAt);
      const usage = await usageOf(renewed.catalogue, renewed.planName, renewed.planType);
      return {
        grant: {
          kind: 'renewal',
          planId: plan.planId,
          expiredAt: plan.expiredAt,
          changes: {
            paidAt: start,
            expiredAt: periodEnd(new Date(start), renewed.period).getTime(),
            price: receipt.amount,
            paidMerchantUid: order.merchantUid,
            ...planLimits(usage),
          },
          ...(order.planChangeId
            ? {
                planChange: {
                  changeId: order.planChangeId,
                  plan: {
                    planName: renewed.planName,
                    planType: renewed.planType,
                    period: renewed.period,
                    catalogue: renewed.catalogue,
                  },
                },
              }
            : {}),
        },
        head,
      };
    }
    case 'upgrade': {
      const [head, replaced, usage] = await Promise.all([
        getUserPlanHead(order.uid),
        getUserPlan(order.uid, order.planId ?? ''),
        usageOf(order.catalogue, order.planName, order.planType),
      ]);
      if (
        !replaced ||
        head?.currentPlanId !== replaced.planId ||
        replaced.expiredAt !== order.planExpiredAt ||
        replaced.expiredAt <= now ||
        replaced.planStatus === 'HOLD'
      ) {
        return { refuse: 'UPGRADE_NOT_ALLOWED', message: 'The plan changed before the upgrade was paid' };
      }
      const plan = planRecord(
        order,
        { ...receipt, recurrentId: receipt.recurrentId ?? replaced.recurrentId },
        usage,
      );
      return {
        grant: {
          kind: 'upgrade',
          plan,
          replaced: { planId: replaced.planId, expiredAt: replaced.expiredAt },
        },
        head,
      };
    }
    case 'eraser': {
      const { head, plan: current } = await currentPlanState(order.uid);
      const active = activeOf(current, now);
      if (!active || !erasersOffered(active.planType) || !order.usageType) {
        return { refuse: 'INCONSISTENCY', message: 'The account holds no plan the eraser is for' };
      }
      return {
        grant: { kind: 'eraser', counter: counterFor(order.usageType, true) as PaidCounter },
        head,
      };
    }
  }
}

/**
 * When the period an order pays for starts: when it was paid, except that on its due date a renewal
 * continues the period without a gap (a late retry starts it when paid).
 */
export function periodStart(order: PaymentOrder, paidAt: number): number {
  if (order.paymentType === 'renewal' && order.renewalAttempt === 0 && order.planExpiredAt !== undefined)
    return order.planExpiredAt;
  return paidAt;
}

/** The plan whose renewal a granted order leaves scheduled (subscriptions only). */
export function renewedPlanId(order: PaymentOrder): string | undefined {
  switch (order.paymentType) {
    case 'regular':
    case 'upgrade':
      return order.merchantUid;
    case 'renewal':
      return order.planId;
    default:
      return undefined;
  }
}

/**
 * The plan a grant ends by replacing it: an upgrade's, or the account's previous plan when a new plan
 * follows it (a subscription whose renewal is still being retried after its period ended is not active,
 * so a new order may replace it). Its pending renewals go with it.
 */
export function replacedPlan(
  effect: GrantEffect,
  head: UserPlanHead | undefined,
): { uid: string; planId: string; expiredAt: number } | undefined {
  if (effect.kind === 'upgrade') return { uid: effect.plan.uid, ...effect.replaced };
  if (effect.kind === 'new-plan' && head && head.currentPlanId !== effect.plan.planId)
    return { uid: head.uid, planId: head.currentPlanId, expiredAt: head.currentExpiredAt };
  return undefined;
}
