import type { AttentionCaseView } from '../../../shared/api/attention.ts';
import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import type { HandRefundMeans } from '../../../shared/refunds/hand-refunds.ts';
import { maskedAccount, type RefundAccount } from '../../../shared/refunds/refund-account.ts';
import { PRODUCT_REFUND_SOURCE, type RefundSource } from '../../../shared/refunds/refund-session.ts';
import type { RefundWay } from '../../../shared/refunds/refund-ways.ts';
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
  raiseCaseItem,
  refundTransferCase,
} from '../data/attention-repository.ts';
import { readPage } from '../data/list-page.ts';
import { getOrder, type PaymentOrder } from '../data/order-reads.ts';
import { markRefundReturned, orderRefundWays } from '../data/order-repository.ts';
import { activityCommit, type Operator } from '../data/user-activity-repository.ts';
import { getUserPlan } from '../data/user-plan-repository.ts';
import { AdminError, PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { refundRefusalOf } from '../refunds/provider-refusals.ts';
import { payTransfer } from '../refunds/refund-transfers.ts';
import { refundThroughWallet } from '../refunds/wallet-refunds.ts';
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

/** A case's refund ways; one raised before they were kept has its sources, a transfer's the only one needing the account. */
function refundWaysOf(open: AttentionCase): RefundWay[] {
  if (open.refundWays) return open.refundWays as RefundWay[];
  return ((open.refundSources ?? []) as RefundSource[]).map((source) => ({
    source,
    account: source === PRODUCT_REFUND_SOURCE ? 'required' : 'none',
  }));
}

function toView(open: AttentionCase): AttentionCaseView {
  return {
    caseId: open.caseId,
    kind: open.kind,
    ...(open.uid ? { uid: open.uid } : {}),
    reason: open.reason,
    raisedAt: open.raisedAt,
    refundSources: (open.refundSources ?? []) as RefundSource[],
    refundWays: refundWaysOf(open),
    retries: open.retries,
    ...(open.planId ? { planId: open.planId } : {}),
    ...(open.userEmail ? { userEmail: open.userEmail } : {}),
    ...(open.merchantUid ? { merchantUid: open.merchantUid } : {}),
    ...(open.planName ? { planName: open.planName } : {}),
    ...(open.payMethod ? { payMethod: open.payMethod } : {}),
    ...(open.pg ? { pg: open.pg } : {}),
    ...(open.amount !== undefined ? { amount: open.amount } : {}),
    ...(open.currency ? { currency: open.currency } : {}),
    ...(open.source ? { source: open.source } : {}),
    ...(open.jobId ? { jobId: open.jobId } : {}),
    ...(open.rows !== undefined ? { rows: open.rows } : {}),
    ...(open.refundAccount ? { transferTo: maskedAccount(open.refundAccount as RefundAccount) } : {}),
    ...(open.requestedBy ? { requestedBy: open.requestedBy } : {}),
  };
}

export type Resolution =
  | {
      caseId: string;
      action: 'refund';
      refundSource: RefundSource;
      refundAccount?: RefundAccount | undefined;
      reason: string;
    }
  | {
      caseId: string;
      action: 'transfer-paid';
      transferReference: string;
      paidVia?: HandRefundMeans | undefined;
      reason: string;
    }
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
  if (resolution.action === 'transfer-paid')
    return payTransfer(
      open,
      {
        transferReference: resolution.transferReference,
        paidVia: resolution.paidVia,
        note: resolution.reason,
      },
      operator,
    );
  if (resolution.action === 'retry' && open.kind === 'cash_receipt_failed')
    return retryCashReceiptCase(open, resolution.reason, operator);
  if (resolution.action === 'retry')
    return isDeadLetterCase(open)
      ? retryDeadLetter(open, resolution.reason, operator)
      : retryRenewal(open, resolution.reason, operator);
  return refundCase(open, resolution, operator);
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

/**
 * A refund_required order's money returned by the operator's choice among the ways refund-ways.ts allows
 * now, and its case ended. By bank transfer, the money is owed: the transfer's own case is raised in the
 * transaction that ends this one, with the customer's account.
 */
async function refundCase(
  open: AttentionCase,
  resolution: Extract<Resolution, { action: 'refund' }>,
  operator: Operator,
): Promise<ResolutionResult> {
  const { refundSource: source, refundAccount: account, reason } = resolution;
  const order = open.merchantUid ? await getOrder(open.merchantUid) : undefined;
  if (order?.status !== 'refund_required') return 'already-ended';
  const taken = { amount: open.amount ?? order.amount, currency: open.currency ?? order.currency };
  const way = orderRefundWays(order, taken, nowMs()).find((allowed) => allowed.source === source);
  if (!way) throw new AdminError('invalid_argument', `This payment cannot be refunded through ${source}`);
  if (way.account === 'required' && !account)
    throw new PaymentError('REFUND_ACCOUNT_REQUIRED', 'This refund goes to a bank account: give the account');
  if (source !== PRODUCT_REFUND_SOURCE)
    await returnMoney(order, taken.amount, source, reason, way.account === 'required' ? account : undefined);
  const activity = {
    uid: order.uid,
    action: 'attention.refund' as const,
    desc: `${order.merchantUid} ${taken.amount} ${taken.currency} (${source}): ${reason}`,
    operator,
  };
  const ended = await markRefundReturned(order.merchantUid, (tx) => [
    activityCommit(tx, activity),
    ...(source === PRODUCT_REFUND_SOURCE && account
      ? [
          raiseCaseItem(
            tx,
            refundTransferCase({
              payment: { ...order, currency: taken.currency, cancelledAmount: 0 },
              amount: taken.amount,
              transfer: { account, requestedBy: operator.email, reason },
            }),
          ),
        ]
      : []),
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
  account: RefundAccount | undefined,
): Promise<void> {
  if (source === 'naver_pay') {
    if (!order.walletPaymentId)
      throw new AdminError('invalid_argument', 'The payment was not made by the wallet');
    // One Naver Pay completes later is made as far as the case goes; its own case follows it.
    await refundThroughWallet({
      paymentId: order.walletPaymentId,
      amount: taken,
      reason,
      cancellable: taken,
      about: {
        uid: order.uid,
        userEmail: order.userEmail,
        merchantUid: order.merchantUid,
        planName: order.planName,
        currency: order.currency,
      },
    });
    return;
  }
  if (!order.impUid) throw new AdminError('invalid_argument', 'The payment was not made at the provider');
  try {
    await cancelPayment({
      impUid: order.impUid,
      checksum: taken,
      reason,
      ...(account
        ? {
            refundAccount: { holder: account.holder, bank: account.bankCode, account: account.accountNumber },
          }
        : {}),
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    const current = await lookUpProviderPayment(order.impUid);
    if (current?.status !== 'cancelled') throw refundRefusalOf(error) ?? error;
  }
}
