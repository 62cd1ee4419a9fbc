import type { AttentionCaseView } from '../../../shared/api/attention.ts';
import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import { PRODUCT_REFUND_SOURCE, type RefundSource } from '../../../shared/refunds/refund-session.ts';
import { cancelWalletPayment } from '../adapters/payment-provider/naver-pay.ts';
import {
  cancelPayment,
  getPayment as lookUpProviderPayment,
  PaymentProviderError,
} from '../adapters/payment-provider/portone.ts';
import { nowMs } from '../clock.ts';
import {
  type AttentionCase,
  claimRetry,
  endCase,
  getAttentionCase,
  openCasesQuery,
} from '../data/attention-repository.ts';
import { readPage } from '../data/list-page.ts';
import { getOrder, type PaymentOrder } from '../data/order-reads.ts';
import { markRefundReturned } from '../data/order-repository.ts';
import { activityCommit, type Operator } from '../data/user-activity-repository.ts';
import { getUserPlan } from '../data/user-plan-repository.ts';
import { AdminError } from '../errors.ts';
import { logger } from '../logger.ts';
import { RENEWAL_RETRY_DAYS, scheduleRenewal } from '../subscriptions/renewal-schedule.ts';
import { retryCashReceiptCase } from './cash-receipt-cases.ts';
import { isDeadLetterCase, retryDeadLetter } from './dead-letter-cases.ts';

/**
 * The console's attention page (shared/attention/attention-cases.ts): the open cases, and the
 * operator's action that ends one, each recorded as the account's activity in the transaction that
 * ends the case, so that of two operators acting at once one ends it and one activity is written.
 */
export async function attentionList(page: ListPageRequest) {
  const { rows, cursor } = await readPage('attention', [openCasesQuery()], page);
  return { result: rows.map(toView), cursor };
}

function toView(open: AttentionCase): AttentionCaseView {
  return {
    caseId: open.caseId,
    kind: open.kind,
    ...(open.uid ? { uid: open.uid } : {}),
    reason: open.reason,
    raisedAt: open.raisedAt,
    refundSources: (open.refundSources ?? []) as RefundSource[],
    retries: open.retries,
    ...(open.planId ? { planId: open.planId } : {}),
    ...(open.userEmail ? { userEmail: open.userEmail } : {}),
    ...(open.merchantUid ? { merchantUid: open.merchantUid } : {}),
    ...(open.planName ? { planName: open.planName } : {}),
    ...(open.amount !== undefined ? { amount: open.amount } : {}),
    ...(open.currency ? { currency: open.currency } : {}),
    ...(open.source ? { source: open.source } : {}),
    ...(open.jobId ? { jobId: open.jobId } : {}),
    ...(open.rows !== undefined ? { rows: open.rows } : {}),
  };
}

export type Resolution =
  | { caseId: string; action: 'refund'; refundSource: RefundSource; reason: string }
  | { caseId: string; action: 'retry'; reason: string }
  | { caseId: string; action: 'dismiss'; reason: string };

export type ResolutionResult = 'ended' | 'retry-scheduled' | 'already-ended';

export async function resolveAttention(
  resolution: Resolution,
  operator: Operator,
): Promise<ResolutionResult> {
  const open = await getAttentionCase(resolution.caseId);
  if (!open) return 'already-ended';
  if (resolution.action === 'dismiss') return dismiss(open, resolution.reason, operator);
  if (resolution.action === 'retry' && open.kind === 'cash_receipt_failed')
    return retryCashReceiptCase(open, resolution.reason, operator);
  if (resolution.action === 'retry')
    return isDeadLetterCase(open)
      ? retryDeadLetter(open, resolution.reason, operator)
      : retryRenewal(open, resolution.reason, operator);
  return refundCase(open, resolution.refundSource, resolution.reason, operator);
}

async function dismiss(open: AttentionCase, reason: string, operator: Operator): Promise<ResolutionResult> {
  const ended = await endCase(open.caseId, (tx) => [
    activityCommit(tx, {
      // A case about no one account (a bulk job's message) is recorded on the operator's own.
      uid: open.uid || operator.uid,
      action: 'attention.dismiss',
      desc: `${open.merchantUid ?? open.jobId ?? open.caseId}: ${reason}`,
      operator,
    }),
  ]);
  return ended ? 'ended' : 'already-ended';
}

/**
 * A held plan's renewal charged again now (the renewal target runs it within a minute), as an attempt
 * of its own beyond the scheduled retries: each retry a new order, so a retry after a changed card is
 * charged rather than answered from the last decline. The case stays until a renewal is paid.
 */
async function retryRenewal(
  open: AttentionCase,
  reason: string,
  operator: Operator,
): Promise<ResolutionResult> {
  if (open.kind !== 'plan_held' || !open.planId)
    throw new AdminError('invalid_argument', 'Only a held plan can be retried');
  const plan = await getUserPlan(open.uid, open.planId);
  if (plan?.planStatus !== 'HOLD') throw new AdminError('invalid_argument', 'The plan is no longer on hold');
  const claimed = await claimRetry(open, (tx) => [
    activityCommit(tx, {
      uid: open.uid,
      action: 'attention.retry',
      desc: `${plan.planName} (${plan.planId}): ${reason}`,
      operator,
    }),
  ]);
  if (!claimed) return 'already-ended';
  const attempt = RENEWAL_RETRY_DAYS.length + 1 + open.retries;
  await scheduleRenewal({ uid: plan.uid, planId: plan.planId, periodEnd: plan.expiredAt, attempt }, nowMs());
  return 'retry-scheduled';
}

/** A refund_required order's money returned by the operator's choice, and its case ended. */
async function refundCase(
  open: AttentionCase,
  source: RefundSource,
  reason: string,
  operator: Operator,
): Promise<ResolutionResult> {
  if (!(open.refundSources ?? []).includes(source))
    throw new AdminError('invalid_argument', `This payment cannot be refunded through ${source}`);
  const order = open.merchantUid ? await getOrder(open.merchantUid) : undefined;
  if (order?.status !== 'refund_required') return 'already-ended';
  const taken = open.amount ?? order.amount;
  if (source !== PRODUCT_REFUND_SOURCE) await returnMoney(order, taken, source, reason);
  const ended = await markRefundReturned(order.merchantUid, (tx) => [
    activityCommit(tx, {
      uid: order.uid,
      action: 'attention.refund',
      desc: `${order.merchantUid} ${taken} ${open.currency ?? order.currency} (${source}): ${reason}`,
      operator,
    }),
  ]);
  if (ended)
    logger.info('Refund required: returned by an operator', { merchantUid: order.merchantUid, source });
  return ended ? 'ended' : 'already-ended';
}

/**
 * The whole payment (what it took) returned its own way. The cancel carries that as its checksum, so
 * of two operators pressing at once the provider refuses the second; the wallet answers the same
 * request again. A refusal because the payment is already returned is that other refund.
 */
async function returnMoney(
  order: PaymentOrder,
  taken: number,
  source: RefundSource,
  reason: string,
): Promise<void> {
  if (source === 'naver_pay') {
    if (!order.walletPaymentId)
      throw new AdminError('invalid_argument', 'The payment was not made by the wallet');
    await cancelWalletPayment({
      paymentId: order.walletPaymentId,
      amount: taken,
      reason,
      cancellable: taken,
    });
    return;
  }
  if (!order.impUid) throw new AdminError('invalid_argument', 'The payment was not made at the provider');
  try {
    await cancelPayment({ impUid: order.impUid, checksum: taken, reason });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const current = await lookUpProviderPayment(order.impUid);
    if (current?.status !== 'cancelled') throw error;
  }
}
