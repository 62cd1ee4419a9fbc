import { planActions } from '../../../shared/subscriptions/plan-actions.ts';
import { nowMs } from '../clock.ts';
import { changePlanStatus } from '../data/subscription-repository.ts';
import { type Operator, recordUserActivity } from '../data/user-activity-repository.ts';
import { getUserPlanHead, latestUserPlan, type UserPlan } from '../data/user-plan-repository.ts';
import { PaymentError } from '../errors.ts';
import { cancelPendingRenewals, ensureRenewalScheduled } from './renewal-schedule.ts';

/**
 * Unsubscribing and resubscribing (admin-console.md: the raw admin calls /unsubscribe-payment and
 * /reschedule-payment, the user detail's buttons; site-and-payments.md: a refund of zero unsubscribes).
 * Unsubscribing keeps the plan to its expiry (UNSCHEDULED) and cancels its renewal; resubscribing a plan
 * not yet expired makes it PAID again and schedules its renewal. The billing key and the wallet's
 * registration are kept, so that resubscribing needs no new card. Who asked (`requestedBy`, the
 * operator or 'user') goes into the log; an operator's action is also recorded on the account.
 */
export interface StatusRequest {
  uid: string;
  requestedBy: string;
  operator?: Operator | undefined;
}

export async function unsubscribePlan(request: StatusRequest): Promise<UserPlan> {
  const plan = await moveStatus(request, 'unsubscribe');
  await cancelPendingRenewals(plan);
  return plan;
}

export async function resubscribePlan(request: StatusRequest): Promise<UserPlan> {
  const plan = await moveStatus(request, 'resubscribe');
  await ensureRenewalScheduled(plan.uid, plan.planId);
  return plan;
}

const MOVES = {
  unsubscribe: {
    from: 'PAID',
    to: 'UNSCHEDULED',
    refusal: 'UNSUBSCRIBE_NOT_ALLOWED',
    action: 'subscription.unsubscribe',
  },
  resubscribe: {
    from: 'UNSCHEDULED',
    to: 'PAID',
    refusal: 'SUBSCRIPTION_NOT_ALLOWED',
    action: 'subscription.resubscribe',
  },
} as const;

async function moveStatus(request: StatusRequest, kind: keyof typeof MOVES): Promise<UserPlan> {
  const move = MOVES[kind];
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const [plan, head] = await Promise.all([latestUserPlan(request.uid), getUserPlanHead(request.uid)]);
    if (!plan || !head) throw new PaymentError('USER_NOT_SUBSCRIBED', `The account has no plan to ${kind}`);
    if (!planActions(plan, nowMs())[kind])
      throw new PaymentError(
        move.refusal,
        `The account's plan ${plan.planName} (${plan.planStatus}) cannot ${kind}`,
      );
    const outcome = await changePlanStatus({
      uid: plan.uid,
      planId: plan.planId,
      expiredAt: plan.expiredAt,
      from: [move.from],
      to: move.to,
      head,
    });
    if (outcome === 'changed') {
      if (request.operator) {
        await recordUserActivity({
          uid: plan.uid,
          action: move.action,
          desc: `${plan.planName} (${request.requestedBy})`,
          operator: request.operator,
        });
      }
      return { ...plan, planStatus: move.to };
    }
  }
  throw new PaymentError('DB_ERROR', `The plan could not be changed (${kind})`);
}
