import type { HandRefundMeans } from '../../../shared/refunds/hand-refunds.ts';
import type { RefundAccount } from '../../../shared/refunds/refund-account.ts';
import type { RefundSource } from '../../../shared/refunds/refund-session.ts';
import { PRODUCT_REFUND_SOURCE } from '../../../shared/refunds/refund-session.ts';
import {
  endCaseItem,
  type AttentionCase as OpenCase,
  raiseCaseItem,
  refundTransferCase,
} from './attention-repository.ts';
import { tableService } from './client.ts';
import { AttentionCase } from './entities/attention-case.ts';
import { LedgerEntry } from './entities/ledger-entry.ts';
import { type PaymentItem as Payment, Payment as PaymentEntity } from './entities/payment.ts';
import { RefundSession as RefundSessionEntity, type RefundSessionItem } from './entities/refund-session.ts';
import { UserActivity } from './entities/user-activity.ts';
import { UserPlan as UserPlanEntity, UserPlanHead as UserPlanHeadEntity } from './entities/user-plan.ts';
import { ledgerItem, refundEntry } from './finance-repository.ts';
import { conditionFailed, type ItemOutcomes } from './transaction.ts';
import { type AdminActivity, activityCommit } from './user-activity-repository.ts';
import type { UserPlan, UserPlanHead } from './user-plan-repository.ts';

const db = tableService({
  attentionCase: AttentionCase,
  ledgerEntry: LedgerEntry,
  payment: PaymentEntity,
  refundSession: RefundSessionEntity,
  userActivity: UserActivity,
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
 * A refund owed from the product's account: the customer's account it goes to by bank transfer (won), or
 * none for one returned by hand outside the provider (another currency); who asked, why.
 */
export interface TransferOwed {
  account?: RefundAccount | undefined;
  requestedBy: string;
  reason: string;
}

/**
 * Records a refund that went through: the payment's cancelled amount moves on (from what the refund
 * was computed on, so two refunds of one payment cannot both be recorded on the same figures), the plan
 * ends now (UNSCHEDULED, nothing renews), the plan head's version moves on, and the refund's ledger
 * entry (where the money went, when) is written, in one transaction. A refund by bank transfer (`transfer`)
 * is decided the same way, but its money has not left yet: instead of the ledger entry, its transfer is
 * listed on the attention page (refund_transfer), which writes the entry when an operator marks it paid.
 */
export async function recordRefund(input: {
  payment: Payment;
  amount: number;
  plan: UserPlan;
  head: UserPlanHead;
  endedAt: number;
  source: RefundSource;
  refundedAt: number;
  transfer?: TransferOwed | undefined;
}): Promise<'recorded' | 'changed' | 'conflict'> {
  const { payment, amount, plan, head, endedAt, transfer } = input;
  const cancelledAmount = payment.cancelledAmount + amount;
  const { canceled, data } = await db()
    .transaction.write(({ attentionCase, ledgerEntry, payment: payments, userPlan, userPlanHead }) => [
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
      transfer
        ? raiseCaseItem(
            { attentionCase },
            refundTransferCase({ payment, amount, planId: plan.planId, transfer }),
          )
        : ledgerItem(
            { ledgerEntry },
            refundEntry(payment, { amount, source: input.source, at: input.refundedAt }),
          ),
    ])
    .go();
  if (!canceled) return 'recorded';
  const outcomes = data as ItemOutcomes;
  return [0, 1, 2].some((index) => conditionFailed(outcomes, index)) ? 'changed' : 'conflict';
}

/**
 * A refund owed from the product's account paid (by bank transfer, or by hand), in one transaction: its case ends (only while open, so that of two
 * operators one marks it), which erases the account kept on it; the refund's ledger entry is written on
 * the day the money left (`payment` as it was before the refund: no entry for an order's money that was
 * never granted); the operator's activity says so. False when the case had already ended.
 */
export async function markTransferPaid(input: {
  open: OpenCase;
  payment: Payment | undefined;
  paidAt: number;
  transferReference: string;
  /** How a refund returned by hand was paid. */
  paidVia?: HandRefundMeans | undefined;
  activity: AdminActivity;
}): Promise<boolean> {
  const { open, payment } = input;
  const { canceled } = await db()
    .transaction.write(({ attentionCase, ledgerEntry, userActivity }) => [
      endCaseItem({ attentionCase }, open.caseId),
      ...(payment
        ? [
            ledgerItem(
              { ledgerEntry },
              refundEntry(payment, {
                amount: open.amount ?? 0,
                source: PRODUCT_REFUND_SOURCE,
                at: input.paidAt,
                transferReference: input.transferReference,
                paidVia: input.paidVia,
              }),
            ),
          ]
        : []),
      activityCommit({ userActivity }, input.activity),
    ])
    .go();
  return !canceled;
}
