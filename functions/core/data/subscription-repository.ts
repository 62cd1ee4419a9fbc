import { type NewAttentionCase, raiseCaseItem } from './attention-repository.ts';
import { tableService } from './client.ts';
import { AttentionCase } from './entities/attention-case.ts';
import { PaymentOrder } from './entities/payment-order.ts';
import { type PlanStatus, UserPlan, UserPlanHead as UserPlanHeadEntity } from './entities/user-plan.ts';
import { conditionFailed, type ItemOutcomes } from './transaction.ts';
import type { UserPlanHead } from './user-plan-repository.ts';

const db = tableService({
  attentionCase: AttentionCase,
  paymentOrder: PaymentOrder,
  userPlan: UserPlan,
  userPlanHead: UserPlanHeadEntity,
});

/**
 * A subscription's status changes outside a payment: on hold after its last failed renewal,
 * unsubscribed (UNSCHEDULED: it runs to its expiry), resubscribed (PAID again). Each moves the plan
 * head's version on in the same transaction, from the version read, like every plan change.
 */
export async function changePlanStatus(input: {
  uid: string;
  planId: string;
  /** The period the change was decided on: a plan renewed meanwhile is left alone. */
  expiredAt: number;
  from: readonly PlanStatus[];
  to: PlanStatus;
  head: UserPlanHead;
  /** The attention case the change raises (a plan on hold), written with it. */
  raises?: NewAttentionCase;
}): Promise<'changed' | 'plan-changed' | 'conflict'> {
  const { uid, planId, expiredAt, from, to, head, raises } = input;
  const { canceled, data } = await db()
    .transaction.write(({ userPlan, userPlanHead, attentionCase }) => [
      userPlan
        .patch({ uid, planId })
        .set({ planStatus: to })
        .where(
          (attr, op) =>
            `${op.eq(attr.expiredAt, expiredAt)} AND (${from.map((status) => op.eq(attr.planStatus, status)).join(' OR ')})`,
        )
        .commit(),
      userPlanHead
        .patch({ uid })
        .set({ version: head.version + 1 })
        .where((attr, op) => `${op.eq(attr.version, head.version)} AND ${op.eq(attr.currentPlanId, planId)}`)
        .commit(),
      ...(raises ? [raiseCaseItem({ attentionCase }, raises)] : []),
    ])
    .go();
  if (!canceled) return 'changed';
  const outcomes = data as ItemOutcomes;
  return conditionFailed(outcomes, 0) || conditionFailed(outcomes, 1) ? 'plan-changed' : 'conflict';
}

/** Claims the one notice mail of a failed renewal order; false when it already went. */
export async function claimRenewalNotice(merchantUid: string, at: number): Promise<boolean> {
  try {
    await db()
      .entities.paymentOrder.patch({ merchantUid })
      .set({ noticeSentAt: at })
      .where((attr, op) => op.notExists(attr.noticeSentAt))
      .go();
    return true;
  } catch (error) {
    if (String((error as Error).message).includes('conditional request failed')) return false;
    throw error;
  }
}

/**
 * Moves what a subscription's next renewal charges to the price table's price, for the period it was
 * decided on and from the price it was decided against (a plan renewed, ended or re-priced meanwhile is
 * left alone): false when the plan was no longer so.
 */
export async function setScheduledPrice(input: {
  uid: string;
  planId: string;
  expiredAt: number;
  from: number | undefined;
  to: number;
}): Promise<boolean> {
  const { uid, planId, expiredAt, from, to } = input;
  try {
    await db()
      .entities.userPlan.patch({ uid, planId })
      .set({ scheduledPrice: to })
      .where(
        (attr, op) =>
          `${op.eq(attr.expiredAt, expiredAt)} AND ${op.eq(attr.planStatus, 'PAID')} AND ${
            from === undefined ? op.notExists(attr.scheduledPrice) : op.eq(attr.scheduledPrice, from)
          }`,
      )
      .go();
    return true;
  } catch (error) {
    if (String((error as Error).message).includes('conditional request failed')) return false;
    throw error;
  }
}
