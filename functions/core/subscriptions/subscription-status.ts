import { planActions } from '../../../shared/subscriptions/plan-actions.ts';
import type { AdminActionName } from '../../../shared/users/admin-actions.ts';
import { nowMs } from '../clock.ts';
import { changePlanStatus } from '../data/subscription-repository.ts';
import { type Operator, recordUserActivity } from '../data/user-activity-repository.ts';
import {
  currentPlanState,
  getUserPlan,
  getUserPlanHead,
  type UserPlan,
} from '../data/user-plan-repository.ts';
import { PaymentError } from '../errors.ts';
import { cancelPendingRenewals, ensureRenewalScheduled } from './renewal-schedule.ts';

/**
 * Unsubscribing and resubscribing (admin-console.md: the raw admin calls /unsubscribe-payment and
 * /reschedule-payment, the user detail's buttons; site-and-payments.md: a refund of zero unsubscribes;
 * issue 17: the customer's cancel at period end and resume on the billing page).
 * Unsubscribing keeps the plan to its expiry (UNSCHEDULED) and cancels its renewal; resubscribing a plan
 * not yet expired makes it PAID again and schedules its renewal. The billing key and the wallet's
 * registration are kept, so that resubscribing needs no new card. Who asked (`requestedBy`, the
 * operator or 'customer') goes into the log; an operator's action, and the customer's own, is also
 * recorded on the account (the customer as the one who acted).
 */
export interface StatusRequest {
  uid: string;
  requestedBy: string;
  operator?: Operator | undefined;
  /** The account holder acted on the site: recorded under the customer's own action names. */
  byCustomer?: boolean | undefined;
}

export async function unsubscribePlan(request: StatusRequest): Promise<UserPlan> {
  const plan = await moveStatus(request, 'unsubscribe');
  await settleRenewalSchedule(plan);
  return plan;
}

export async function resubscribePlan(request: StatusRequest): Promise<UserPlan> {
  const plan = await moveStatus(request, 'resubscribe');
  await settleRenewalSchedule(plan);
  return plan;
}

const MOVES = {
  unsubscribe: {
    from: 'PAID',
    to: 'UNSCHEDULED',
    refusal: 'UNSUBSCRIBE_NOT_ALLOWED',
    action: 'subscription.unsubscribe',
    customerAction: 'subscription.cancel-renewal',
  },
  resubscribe: {
    from: 'UNSCHEDULED',
    to: 'PAID',
    refusal: 'SUBSCRIPTION_NOT_ALLOWED',
    action: 'subscription.resubscribe',
    customerAction: 'subscription.resume-renewal',
  },
} as const satisfies Record<
  string,
  { action: AdminActionName; customerAction: AdminActionName; [key: string]: string }
>;

async function moveStatus(request: StatusRequest, kind: keyof typeof MOVES): Promise<UserPlan> {
  const move = MOVES[kind];
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const { plan, head } = await currentPlanState(request.uid);
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
          action: request.byCustomer ? move.customerAction : move.action,
          desc: `${plan.planName} (${request.requestedBy})`,
          operator: request.operator,
        });
      }
      return { ...plan, planStatus: move.to };
    }
  }
  throw new PaymentError('DB_ERROR', `The plan could not be changed (${kind})`);
}

/**
 * Makes the plan's pending renewal follow its status as it now stands: scheduled while it is PAID,
 * deleted otherwise. An unsubscribe and a resubscribe racing each other each settle after their own
 * write; one that finds the plan changed again while it settled (the head's version moved) settles
 * once more, so the last change's schedule is the one left (a PAID plan is never left without its
 * renewal, which would end it silently).
 */
export async function settleRenewalSchedule(plan: Pick<UserPlan, 'uid' | 'planId' | 'expiredAt'>) {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const before = await getUserPlanHead(plan.uid);
    const current = await getUserPlan(plan.uid, plan.planId);
    if (current?.planStatus === 'PAID' && current.expiredAt === plan.expiredAt)
      await ensureRenewalScheduled(plan.uid, plan.planId);
    else await cancelPendingRenewals(plan);
    const after = await getUserPlanHead(plan.uid);
    if (after?.version === before?.version) return;
  }
}
