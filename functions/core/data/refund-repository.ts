import { retentionTtl } from '../../../shared/data/record-retention.ts';
import type { HandRefundMeans } from '../../../shared/refunds/hand-refunds.ts';
import type { RefundAccount } from '../../../shared/refunds/refund-account.ts';
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
import {
  Refund as RefundEntity,
  type RefundItem,
  RefundRequest as RefundRequestEntity,
} from './entities/refund.ts';
import { RefundSession as RefundSessionEntity, type RefundSessionItem } from './entities/refund-session.ts';
import { UserActivity } from './entities/user-activity.ts';
import { UserPlan as UserPlanEntity, UserPlanHead as UserPlanHeadEntity } from './entities/user-plan.ts';
import { ledgerItem, refundEntry } from './finance-repository.ts';
import { conditionFailed, type ItemOutcomes, isConditionFailure } from './transaction.ts';
import { type AdminActivity, activityCommit } from './user-activity-repository.ts';
import type { UserPlan, UserPlanHead } from './user-plan-repository.ts';

const db = tableService({
  attentionCase: AttentionCase,
  ledgerEntry: LedgerEntry,
  payment: PaymentEntity,
  refund: RefundEntity,
  refundRequest: RefundRequestEntity,
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

export type Refund = RefundItem;
export type NewRefund = Omit<Refund, 'status' | 'created' | 'ttl'>;

/** How long a request remembers the refund it started (a retry of it comes within minutes). */
const REQUEST_MEMORY_MS = 30 * 86_400_000;

/**
 * Writes a refund before any money moves: its record (status started) on the payment's step, and the
 * request that started it. Answers false when the step is taken by another request's refund (started or
 * made): that refund is the one to finish and answer. A refused refund leaves its step free.
 */
export async function startRefund(refund: NewRefund, now: number): Promise<boolean> {
  const { canceled, data } = await db()
    .transaction.write(({ refund: refunds, refundRequest }) => [
      refunds
        .put({ ...refund, status: 'started', ttl: retentionTtl(now, 'payment') })
        .where((attr, op) => `${op.notExists(attr.status)} OR ${op.eq(attr.status, 'refused')}`)
        .commit(),
      refundRequest
        .put({
          requestKey: refund.requestKey,
          merchantUid: refund.merchantUid,
          step: refund.step,
          ttl: Math.ceil((now + REQUEST_MEMORY_MS) / 1000),
        })
        .commit(),
    ])
    .go();
  if (!canceled) return true;
  if (conditionFailed(data as ItemOutcomes, 0)) return false;
  throw new Error(`The refund of ${refund.merchantUid} could not be started`);
}

export async function getRefund(merchantUid: string, step: number): Promise<Refund | undefined> {
  const { data } = await db().entities.refund.get({ merchantUid, step }).go({ consistent: true });
  return data ?? undefined;
}

/** The refunds of a payment, one per step. */
export async function listRefunds(merchantUid: string): Promise<Refund[]> {
  const { data } = await db().entities.refund.query.byPaymentStep({ merchantUid }).go({ pages: 'all' });
  return data;
}

/** The refund a request started, if it started one. */
export async function refundOfRequest(requestKey: string): Promise<Refund | undefined> {
  const { data } = await db().entities.refundRequest.get({ requestKey }).go({ consistent: true });
  return data ? getRefund(data.merchantUid, data.step) : undefined;
}

/** A started refund the provider refused: its step is free again. False when it was no longer started. */
export async function refuseRefund(
  refund: Refund,
  refusal: { code: string; message: string; details?: string | undefined },
): Promise<boolean> {
  try {
    await db()
      .entities.refund.patch({ merchantUid: refund.merchantUid, step: refund.step })
      .set({
        status: 'refused',
        refusalCode: refusal.code,
        refusalMessage: refusal.message,
        ...(refusal.details ? { refusalDetails: refusal.details } : {}),
      })
      .remove(['refundAccount'])
      .where((attr, op) => op.eq(attr.status, 'started'))
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** A made refund whose receipt, renewals and mail are done: nothing is left for its re-checks. */
export async function settleRefund(refund: Refund, at: number): Promise<void> {
  await db()
    .entities.refund.patch({ merchantUid: refund.merchantUid, step: refund.step })
    .set({ settledAt: at })
    .go();
}

/**
 * Records a started refund as made, once its money went back (or, for a bank transfer, is owed): the
 * refund becomes made and forgets the account it carried; the payment's cancelled amount moves on from
 * the refund's step (so two refunds of one payment cannot both be recorded on the same figures); the
 * plan ends (UNSCHEDULED, nothing renews) and, while it is the account's current plan, the plan head's
 * version moves on; the refund's ledger entry (where the money went, when) is written; an operator's
 * refund is in the account's activity; all in one transaction. A refund by bank transfer has not left
 * yet: instead of the ledger entry, its transfer is listed on the attention page (refund_transfer), which
 * writes the entry when an operator marks it paid. 'made-before' when another finisher recorded it.
 */
export async function recordRefundMade(input: {
  refund: Refund;
  payment: Payment;
  plan: UserPlan;
  head: UserPlanHead | undefined;
  endedAt: number;
  madeAt: number;
  activity?: AdminActivity | undefined;
}): Promise<'recorded' | 'made-before' | 'changed' | 'conflict'> {
  const { refund, payment, plan, head, endedAt, madeAt, activity } = input;
  const cancelledAmount = refund.step + refund.amount;
  const current = head?.currentPlanId === plan.planId ? head : undefined;
  const { canceled, data } = await db()
    .transaction.write((tx) => [
      tx.refund
        .patch({ merchantUid: refund.merchantUid, step: refund.step })
        .set({ status: 'made', endedAt, madeAt })
        .remove(['refundAccount'])
        .where((attr, op) => op.eq(attr.status, 'started'))
        .commit(),
      tx.payment
        .patch({ merchantUid: payment.merchantUid })
        .set({
          cancelledAmount,
          status: cancelledAmount >= payment.price ? 'cancelled' : 'partial_cancelled',
        })
        .where((attr, op) => op.eq(attr.cancelledAmount, refund.step))
        .commit(),
      tx.userPlan
        .patch({ uid: plan.uid, planId: plan.planId })
        .set({ expiredAt: endedAt, planStatus: 'UNSCHEDULED' })
        .where((attr, op) => op.eq(attr.expiredAt, plan.expiredAt))
        .commit(),
      ...(current
        ? [
            tx.userPlanHead
              .patch({ uid: plan.uid })
              .set({ version: current.version + 1, currentExpiredAt: endedAt })
              .where((attr, op) => op.eq(attr.version, current.version))
              .commit(),
          ]
        : []),
      // From the product account (by bank transfer, or by hand where no account is kept): owed.
      refund.transfer
        ? raiseCaseItem(
            tx,
            refundTransferCase({
              payment: { ...payment, cancelledAmount: refund.step },
              amount: refund.amount,
              planId: plan.planId,
              transfer: {
                account: refund.refundAccount,
                requestedBy: refund.requestedBy,
                reason: refund.reason,
              },
            }),
          )
        : ledgerItem(tx, refundEntry(payment, { amount: refund.amount, source: refund.source, at: madeAt })),
      ...(activity ? [activityCommit(tx, activity)] : []),
    ])
    .go();
  if (!canceled) return 'recorded';
  const outcomes = data as ItemOutcomes;
  if (conditionFailed(outcomes, 0)) return 'made-before';
  const changed = [1, 2, ...(current ? [3] : [])].some((index) => conditionFailed(outcomes, index));
  return changed ? 'changed' : 'conflict';
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
