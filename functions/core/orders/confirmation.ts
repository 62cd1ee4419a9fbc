import { toMinorUnits } from '../../../shared/currency.ts';
import type { ServerErrorType } from '../../../shared/errors/catalogue.ts';
import { WALLET_PAY_METHOD } from '../../../shared/payments/pay-methods.ts';
import { WalletError } from '../adapters/payment-provider/naver-pay.ts';
import {
  cancelPayment,
  findPaymentByMerchantUid,
  getPayment,
  type ProviderPayment,
} from '../adapters/payment-provider/portone.ts';
import { nowMs } from '../clock.ts';
import { getAttentionCase, refundRequiredCaseId } from '../data/attention-repository.ts';
import { getCouponRedemption, releaseExpiredHolds } from '../data/coupon-repository.ts';
import type { OrderStatus } from '../data/entities/payment-order.ts';
import { grantOrder } from '../data/grant-transaction.ts';
import { getOrder, type PaymentOrder } from '../data/order-reads.ts';
import {
  closeOrder,
  GRANTABLE_STATUSES,
  markRefundReturned,
  updateOrderFrom,
} from '../data/order-repository.ts';
import { notePaymentSessionOrder } from '../data/payment-session-repository.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { mailReceipt, mailReceiptAgain, mailVbankIssued } from '../mails/order-mails.ts';
import { countMetric } from '../observability.ts';
import { refundRefusalOf } from '../refunds/provider-refusals.ts';
import { refundThroughWallet } from '../refunds/wallet-refunds.ts';
import { cancelPendingRenewals, ensureRenewalScheduled } from '../subscriptions/renewal-schedule.ts';
import { issuePaymentDocuments, issuePaymentDocumentsAgain } from '../tax-invoices/payment-documents.ts';
import { grantDecision, renewedPlanId, replacedPlan } from './grant-effects.ts';
import { paymentRecord, type Receipt } from './grant-records.ts';
import { followUnsentReceipt } from './order-recheck-schedule.ts';

/**
 * Confirmation (get-payment-result, the provider's notifications, billing-key and wallet charges):
 * a payment is granted only after the provider's own record of it is read and matches the order
 * (status paid, the order's amount, the order's currency). The grant itself is one conditional
 * transaction (order-repository.ts grantOrder): any number of repeated or concurrent confirmations of
 * one order grant one plan, record one payment and one coupon usage. A payment that took money but
 * cannot be granted (wrong amount, a second plan for the same account, a coupon gone) is cancelled at
 * once, or flagged for an operator when the provider cannot return it by itself.
 */
export type Confirmation =
  | { result: 'success' }
  | { result: 'pending' }
  | { result: 'error'; errorType: ServerErrorType; errorMsg: string; failureCode?: string };

const SUCCESS: Confirmation = { result: 'success' };
const PENDING: Confirmation = { result: 'pending' };
const CLOSED_STATUSES: readonly OrderStatus[] = ['failed', 'refunded', 'refund_required'];
/** Attempts of the grant when it loses to concurrent writes or the user's plans move meanwhile. */
const GRANT_ATTEMPTS = 6;

/** What a finished (or unfinished) order answers, from what it recorded. */
export function orderResult(order: PaymentOrder): Confirmation {
  if (order.status === 'paid') return SUCCESS;
  if (!CLOSED_STATUSES.includes(order.status)) return PENDING;
  return {
    result: 'error',
    errorType: (order.failureType as ServerErrorType | undefined) ?? 'PORTONE_FAILED',
    errorMsg: order.failureMessage ?? '',
    ...(order.failureCode ? { failureCode: order.failureCode } : {}),
  };
}

async function reread(merchantUid: string): Promise<PaymentOrder> {
  const order = await getOrder(merchantUid);
  if (!order) throw new PaymentError('NO_PAYMENT_PROGRESS', `No order ${merchantUid}`);
  return order;
}

/** The order's payment as the provider reports it, settled against the order. */
export async function confirmOrder(
  order: PaymentOrder,
  known?: ProviderPayment | null,
): Promise<Confirmation> {
  if (order.status === 'paid') {
    // What follows a grant, each step safe to repeat: a grant whose function stopped before them is
    // completed by the next look at the order (a retry, the notification, the re-check).
    await noteOnSession(order, 'paid');
    await keepRenewing(order);
    await issuePaymentDocumentsAgain(order);
    if ((await mailReceiptAgain(order)) === 'in-flight') await followUnsentReceipt(order);
    return SUCCESS;
  }
  if (order.status === 'refunded') return orderResult(order);
  if (order.status === 'refund_required') return returnTaken(order);
  // Wallet orders are charged and confirmed by start-recurrent-naver-pay; nothing to ask the provider.
  if (order.payMethod === WALLET_PAY_METHOD) return orderResult(order);
  const payment = known === undefined ? await findPaymentByMerchantUid(order.merchantUid) : known;
  return settle(order, payment);
}

async function settle(order: PaymentOrder, payment: ProviderPayment | null): Promise<Confirmation> {
  if (!payment || payment.merchantUid !== order.merchantUid) return orderResult(order);
  switch (payment.status) {
    case 'ready':
      if (payment.vbank) await noteVbankIssued(order, payment);
      return orderResult(order);
    case 'failed':
      return failOrder(order, payment.failure ?? { message: 'The payment failed' }, 'PORTONE_FAILED');
    case 'cancelled':
      if (order.status === 'failed') return orderResult(order);
      return failOrder(
        order,
        { message: 'The payment was cancelled at the provider' },
        'ABNORMAL_PAYMENT_STATUS',
      );
    case 'paid':
      return settlePaid(order, {
        paidAt: payment.paidAt?.getTime() ?? nowMs(),
        amount: payment.amount,
        currency: payment.currency,
        impUid: payment.impUid,
        receiptUrl: payment.receiptUrl,
      });
  }
}

/** Records an issued virtual account on its order (waiting for the deposit) and mails it, once. */
export async function noteVbankIssued(order: PaymentOrder, payment: ProviderPayment): Promise<PaymentOrder> {
  if (!payment.vbank) return order;
  const updated = await updateOrderFrom(order.merchantUid, ['created', 'vbank_issued'], {
    status: 'vbank_issued',
    impUid: payment.impUid,
    vbankName: payment.vbank.vbankName,
    vbankNum: payment.vbank.vbankNum,
    vbankHolder: payment.vbank.vbankHolder,
    vbankDueDate: payment.vbank.vbankDueDate.getTime(),
  });
  if (updated) await mailVbankIssued(updated, payment.vbank);
  return updated ?? reread(order.merchantUid);
}

/** A payment reported paid: granted when it matches the order, else returned. */
export async function settlePaid(order: PaymentOrder, receipt: Receipt): Promise<Confirmation> {
  const matches =
    receipt.currency === order.currency &&
    toMinorUnits(receipt.amount, order.currency) === toMinorUnits(order.amount, order.currency);
  if (!matches) {
    logger.error('Paid amount differs from the order', {
      merchantUid: order.merchantUid,
      paid: `${receipt.amount} ${receipt.currency}`,
      expected: `${order.amount} ${order.currency}`,
    });
    return refundOrder(order, receipt, 'INCONSISTENCY', 'The amount paid differs from the order');
  }
  return grant(order, receipt);
}

async function grant(order: PaymentOrder, receipt: Receipt): Promise<Confirmation> {
  for (let attempt = 0; attempt < GRANT_ATTEMPTS; attempt += 1) {
    const now = nowMs();
    const [decision, redemption] = await Promise.all([
      grantDecision(order, receipt, now),
      order.couponCode ? getCouponRedemption(order.couponCode, order.uid) : undefined,
    ]);
    if ('refuse' in decision) return refundOrder(order, receipt, decision.refuse, decision.message);
    if (redemption?.status === 'used' && redemption.merchantUid !== order.merchantUid) {
      return refundOrder(
        order,
        receipt,
        'COUPON_USAGE_INSERT_FAILED',
        'The account has already used the coupon',
      );
    }
    const outcome = await grantOrder({
      order,
      paidChanges: {
        ...(receipt.impUid ? { impUid: receipt.impUid } : {}),
        ...(receipt.walletPaymentId ? { walletPaymentId: receipt.walletPaymentId } : {}),
        ...(receipt.recurrentId ? { recurrentId: receipt.recurrentId } : {}),
      },
      payment: paymentRecord(order, receipt),
      effect: decision.grant,
      head: decision.head,
      coupon: order.couponCode
        ? { couponCode: order.couponCode, existing: redemption, nowMs: now }
        : undefined,
    });
    if (outcome === 'granted') {
      logger.info('Order granted', { merchantUid: order.merchantUid, planName: order.planName });
      // Only the one transaction that moved the order to paid gets here: each grant counts once.
      countMetric('confirmationGranted');
      if (order.paymentType === 'renewal') countMetric('renewalCharged');
      const replaced = replacedPlan(decision.grant, decision.head);
      if (replaced) await cancelPendingRenewals(replaced);
      await noteOnSession(order, 'paid');
      await keepRenewing(order);
      await mailReceipt(order, receipt, await issuePaymentDocuments(order, receipt));
      return SUCCESS;
    }
    if (outcome === 'preregistration-used') {
      return refundOrder(
        order,
        receipt,
        'COUPON_USAGE_INSERT_FAILED',
        'The account has already used its preregistration discount',
      );
    }
    if (outcome === 'order-closed') {
      // Another confirmation (the notification, a retry) closed it meanwhile: when it granted, this one
      // answers success only once the plan's next renewal is scheduled and the session noted, which the
      // other may still be doing (both idempotent). The receipt and the payment's documents stay the
      // granting one's, and the re-check's should it stop: a mail that failed is not tried again at once.
      const current = await reread(order.merchantUid);
      if (current.status === 'paid') {
        await noteOnSession(current, 'paid');
        await keepRenewing(current);
        return SUCCESS;
      }
      if (!GRANTABLE_STATUSES.includes(current.status)) return orderResult(current);
    }
    if (
      outcome === 'coupon-lost' &&
      !redemption &&
      (await releaseExpiredHolds(order.couponCode ?? '', now)) === 0
    ) {
      return refundOrder(order, receipt, 'COUPON_USAGE_INSERT_FAILED', 'No coupon is left for the order');
    }
  }
  throw new PaymentError('DB_ERROR', `The grant of ${order.merchantUid} did not settle`);
}

/** Copies the order's outcome onto its payment session (the console's payment progress), when it has one. */
async function noteOnSession(order: PaymentOrder, status: 'paid' | 'failed'): Promise<void> {
  if (!order.guid) return;
  await notePaymentSessionOrder(order.guid, order.merchantUid, status).catch((error: unknown) =>
    logger.warn('Could not note the order on its session', { merchantUid: order.merchantUid, error }),
  );
}

/**
 * After a subscription's payment is granted (or confirmed again), its next renewal is scheduled. The
 * schedule is named after the plan and period, so however often this runs one renewal waits; should
 * the scheduler be unreachable, the next confirmation of the order schedules it.
 */
async function keepRenewing(order: PaymentOrder): Promise<void> {
  const planId = renewedPlanId(order);
  if (!planId) return;
  await ensureRenewalScheduled(order.uid, planId).catch((error: unknown) =>
    logger.error('The renewal could not be scheduled', { merchantUid: order.merchantUid, planId, error }),
  );
}

/** Ends an order that did not take money (declined, abandoned, cancelled) and gives its coupon back. */
export async function failOrder(
  order: PaymentOrder,
  failure: { code?: string | undefined; message: string },
  type: ServerErrorType,
): Promise<Confirmation> {
  const failed = await closeOrder(order, ['created', 'charging', 'vbank_issued'], {
    status: 'failed',
    failureType: type,
    ...(failure.code ? { failureCode: failure.code } : {}),
    failureMessage: failure.message,
  });
  if (!failed) return orderResult(await reread(order.merchantUid));
  await noteOnSession(order, 'failed');
  return orderResult(failed);
}

/**
 * Returns the money of a payment that cannot be granted. The order is first claimed (refund_required,
 * with the reason and its attention case), so that of concurrent confirmations only one refunds; the
 * money then goes back (returnTaken), and the order becomes refunded once the provider or the wallet
 * confirms it. A function that stops in between leaves the order refund_required for the next look at
 * it, which returns the money then.
 */
async function refundOrder(
  order: PaymentOrder,
  receipt: Receipt,
  type: ServerErrorType,
  message: string,
): Promise<Confirmation> {
  // The payment's ids go on the order, so that an operator can still return it if this cannot.
  const claimed = await closeOrder(
    order,
    GRANTABLE_STATUSES,
    {
      status: 'refund_required',
      failureType: type,
      failureMessage: message,
      ...(receipt.impUid ? { impUid: receipt.impUid } : {}),
      ...(receipt.walletPaymentId ? { walletPaymentId: receipt.walletPaymentId } : {}),
    },
    receipt,
  );
  if (!claimed) return orderResult(await reread(order.merchantUid));
  // Only the confirmation that claimed the order counts it, however many ran.
  countMetric('confirmationRefused');
  if (type === 'INCONSISTENCY') countMetric('confirmationWrongAmount');
  if (!returnsByItself(claimed)) {
    countMetric('refundRequired');
    logger.error('Payment taken but not granted: an operator must refund it', {
      merchantUid: order.merchantUid,
      type,
    });
  }
  return returnTaken(claimed, receipt.amount);
}

/** Whether a refund_required order's money can go back without an operator (see returnTaken). */
function returnsByItself(order: PaymentOrder): boolean {
  return (
    !order.returnRefused && order.payMethod !== 'vbank' && Boolean(order.walletPaymentId ?? order.impUid)
  );
}

/**
 * The money of a refund_required order returned its own way, when it can be without an operator (not a
 * deposited virtual account, whose refund needs the customer's bank account): asked of the provider (its
 * cancel of the whole payment carries what it took as its checksum, so a second ask is refused) or the
 * wallet (its idempotency key answers a second ask as the first), unless the provider already shows it
 * cancelled. A refusal is kept on the order (returnRefused) and leaves it to the operator; an answer that
 * never came leaves it for the next look. `taken`: what the payment took (its case's amount when unknown).
 */
async function returnTaken(order: PaymentOrder, taken?: number): Promise<Confirmation> {
  if (!returnsByItself(order)) return orderResult(order);
  const amount = taken ?? (await getAttentionCase(refundRequiredCaseId(order.merchantUid)))?.amount;
  if (amount === undefined) return orderResult(order);
  const returned = await returnMoney(order, amount, order.failureMessage ?? 'Payment not granted').catch(
    async (error: unknown) => {
      const refused =
        refundRefusalOf(error) ?? (error instanceof WalletError && error.walletCode ? error : undefined);
      logger.error(
        refused ? 'Refund refused: an operator must refund it' : 'Refund failed; tried again later',
        {
          merchantUid: order.merchantUid,
          error,
        },
      );
      if (refused) {
        await updateOrderFrom(order.merchantUid, ['refund_required'], { returnRefused: refused.message });
        countMetric('refundRequired');
      }
      return false;
    },
  );
  if (returned && (await markRefundReturned(order.merchantUid))) countMetric('confirmationRefunded');
  return orderResult((await getOrder(order.merchantUid)) ?? order);
}

async function returnMoney(order: PaymentOrder, taken: number, reason: string): Promise<boolean> {
  if (order.walletPaymentId) {
    // One Naver Pay completes later is returned as far as the order goes: its own case follows it.
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
    return true;
  }
  const impUid = order.impUid as string;
  if ((await getPayment(impUid))?.status === 'cancelled') return true;
  try {
    await cancelPayment({ impUid, checksum: taken, reason });
  } catch (error) {
    // Asked twice (another look at the order got there first): the provider shows it cancelled.
    if ((await getPayment(impUid).catch(() => null))?.status !== 'cancelled') throw error;
  }
  return true;
}
