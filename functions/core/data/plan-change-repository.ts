import type { ScheduledChange } from '../../../shared/subscriptions/plan-change.ts';
import { tableService } from './client.ts';
import { PaymentOrder as PaymentOrderEntity } from './entities/payment-order.ts';
import { UserPlan as UserPlanEntity } from './entities/user-plan.ts';
import type { NewPaymentOrder } from './order-repository.ts';
import {
  conditionFailed,
  type ItemOutcomes,
  isConditionFailure,
  lostToConcurrentWrite,
} from './transaction.ts';

const db = tableService({ paymentOrder: PaymentOrderEntity, userPlan: UserPlanEntity });

/**
 * A subscription's change of plan at its next renewal, kept on its plan record (shared/subscriptions/
 * plan-change.ts): written, replaced and removed only while the period it was scheduled for still
 * renews and its renewal has not begun; fixed from the moment the renewal's first order is made (the
 * same transaction marks the plan), so a renewal applies exactly the change its order charged for.
 */
export type StoredPlanChange = ScheduledChange & { scheduledAt: number; scheduledBy: string };

interface PeriodKey {
  uid: string;
  planId: string;
  /** The period the change is for: a plan renewed, ended or moved on meanwhile is left alone. */
  expiredAt: number;
}

/**
 * Schedules `change` for the period, replacing the change read (`replacing`, none if none was): false
 * when the plan no longer renews that period (not PAID, another period), its renewal has begun, or
 * another change was written meanwhile.
 */
export async function writePlanChange(
  input: PeriodKey & { replacing: string | undefined; change: StoredPlanChange },
): Promise<boolean> {
  const { uid, planId, expiredAt, replacing, change } = input;
  try {
    await db()
      .entities.userPlan.patch({ uid, planId })
      .set({ planChange: change })
      .where(
        (attr, op) =>
          `${op.eq(attr.expiredAt, expiredAt)} AND ${op.eq(attr.planStatus, 'PAID')} AND (${op.notExists(
            attr.renewalBegunFor,
          )} OR ${op.ne(attr.renewalBegunFor, expiredAt)}) AND ${
            replacing === undefined
              ? op.notExists(attr.planChange)
              : op.eq(attr.planChange.changeId, replacing)
          }`,
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Removes the change `changeId` before the renewal of its period begins: false when it is not the
 * change the plan holds any more, or the renewal began.
 */
export async function removePlanChange(input: PeriodKey & { changeId: string }): Promise<boolean> {
  const { uid, planId, expiredAt, changeId } = input;
  try {
    await db()
      .entities.userPlan.patch({ uid, planId })
      .remove(['planChange'])
      .where(
        (attr, op) =>
          `${op.eq(attr.expiredAt, expiredAt)} AND ${op.eq(attr.planChange.changeId, changeId)} AND (${op.notExists(
            attr.renewalBegunFor,
          )} OR ${op.ne(attr.renewalBegunFor, expiredAt)})`,
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Moves what the scheduled change `changeId` charges to the price table's price (the look 30 days
 * before the renewal), from the amount it was decided against: false when the plan was no longer so.
 */
export async function setPlanChangeAmount(
  input: PeriodKey & { changeId: string; from: number; to: number },
): Promise<boolean> {
  const { uid, planId, expiredAt, changeId, from, to } = input;
  try {
    await db()
      .entities.userPlan.patch({ uid, planId })
      .data(({ planChange }, { set }) => set(planChange.amount, to))
      .where(
        (attr, op) =>
          `${op.eq(attr.expiredAt, expiredAt)} AND ${op.eq(attr.planStatus, 'PAID')} AND ${op.eq(
            attr.planChange.changeId,
            changeId,
          )} AND ${op.eq(attr.planChange.amount, from)} AND (${op.notExists(attr.renewalBegunFor)} OR ${op.ne(
            attr.renewalBegunFor,
            expiredAt,
          )})`,
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * A renewal attempt's order, made in one transaction with the mark that its period's renewal has begun,
 * on the condition that the plan still holds the change the order was made from (`planChangeId`, none
 * if none): 'plan-changed' when a change was scheduled, replaced or removed since the plan was read
 * (read it again and make the order from what it now holds), 'exists' when a repeated run made it first.
 */
export async function createRenewalOrder(
  order: NewPaymentOrder & { planId: string; planExpiredAt: number },
): Promise<'created' | 'exists' | 'plan-changed'> {
  const { uid, planId, planExpiredAt, planChangeId } = order;
  const { canceled, data } = await db()
    .transaction.write(({ paymentOrder, userPlan }) => [
      paymentOrder.create(order).commit(),
      userPlan
        .patch({ uid, planId })
        .set({ renewalBegunFor: planExpiredAt })
        .where(
          (attr, op) =>
            `${op.eq(attr.expiredAt, planExpiredAt)} AND ${
              planChangeId === undefined
                ? op.notExists(attr.planChange)
                : op.eq(attr.planChange.changeId, planChangeId)
            }`,
        )
        .commit(),
    ])
    .go();
  if (!canceled) return 'created';
  const outcomes = data as ItemOutcomes;
  if (conditionFailed(outcomes, 0)) return 'exists';
  if (conditionFailed(outcomes, 1)) return 'plan-changed';
  if (lostToConcurrentWrite(outcomes)) return 'plan-changed';
  throw new Error(`The renewal order ${order.merchantUid} was refused: ${JSON.stringify(outcomes)}`);
}
