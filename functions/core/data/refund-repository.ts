import type { RefundSource } from '../../../shared/refunds/refund-session.ts';
import { tableService } from './client.ts';
import { LedgerEntry } from './entities/ledger-entry.ts';
import { type PaymentItem as Payment, Payment as PaymentEntity } from './entities/payment.ts';
import { RefundSession as RefundSessionEntity, type RefundSessionItem } from './entities/refund-session.ts';
import { UserPlan as UserPlanEntity, UserPlanHead as UserPlanHeadEntity } from './entities/user-plan.ts';
import { ledgerItem, refundEntry } from './finance-repository.ts';
import { conditionFailed, type ItemOutcomes } from './transaction.ts';
import type { UserPlan, UserPlanHead } from './user-plan-repository.ts';

const db = tableService({
  ledgerEntry: LedgerEntry,
  payment: PaymentEntity,
  refundSession: RefundSessionEntity,
  userPlan: UserPlanEntity,
  userPlanHead: UserPlanHeadEntity,
});

export type RefundSession = RefundSessionItem;

export async function createRefundSession(session: RefundSession): Promise<void> {
  await db().entities.refundSession.create(session).go();
}

export async function getRefundSession(guid: string): Promise<RefundSession | undefined> {
  const { data } = await db().entities.refundSession.get({ guid }).go();
  return data ?? undefined;
}

/**
 * Records a refund that went through: the payment's cancelled amount moves on (from what the refund
 * was computed on, so two refunds of one payment cannot both be recorded on the same figures), the plan
 * ends now (UNSCHEDULED, nothing renews), the plan head's version moves on, and the refund's ledger
 * entry (where the money went, when) is written, in one transaction.
 */
export async function recordRefund(input: {
  payment: Payment;
  amount: number;
  plan: UserPlan;
  head: UserPlanHead;
  endedAt: number;
  source: RefundSource;
  refundedAt: number;
}): Promise<'recorded' | 'changed' | 'conflict'> {
  const { payment, amount, plan, head, endedAt } = input;
  const cancelledAmount = payment.cancelledAmount + amount;
  const { canceled, data } = await db()
    .transaction.write(({ ledgerEntry, payment: payments, userPlan, userPlanHead }) => [
      payments
        .patch({ merchantUid: payment.merchantUid })
        .set({
          cancelledAmount,
          status: cancelledAmount >= payment.price ? 'cancelled' : 'partial_cancelled',
        })
        .where((attr, op) => op.eq(attr.cancelledAmount, payment.cancelledAmount))
        .commit(),
      userPlan
        .patch({ uid: plan.uid, planId: plan.planId })
        .set({ expiredAt: endedAt, planStatus: 'UNSCHEDULED' })
        .where((attr, op) => op.eq(attr.expiredAt, plan.expiredAt))
        .commit(),
      userPlanHead
        .patch({ uid: plan.uid })
        .set({ version: head.version + 1, currentExpiredAt: endedAt })
        .where((attr, op) => op.eq(attr.version, head.version))
        .commit(),
      ledgerItem(
        { ledgerEntry },
        refundEntry(payment, { amount, source: input.source, at: input.refundedAt }),
      ),
    ])
    .go();
  if (!canceled) return 'recorded';
  const outcomes = data as ItemOutcomes;
  return [0, 1, 2].some((index) => conditionFailed(outcomes, index)) ? 'changed' : 'conflict';
}
