import { setTimeout as sleep } from 'node:timers/promises';
import {
  type CashReceiptChoice,
  type CashReceiptView,
  receiptToIssue,
} from '../../../shared/cash-receipts/cash-receipt-rules.ts';
import { OUTSIDE_CALL_TIMEOUT_MS } from '../../../shared/timeouts.ts';
import {
  getPayment as lookUpProviderPayment,
  PaymentProviderError,
} from '../adapters/payment-provider/portone.ts';
import {
  getReceipt,
  issueExternalReceipt,
  issueReceipt,
  type ProviderReceipt,
  revokeExternalReceipt,
  revokeReceipt,
} from '../adapters/payment-provider/portone-receipts.ts';
import { nowMs } from '../clock.ts';
import {
  ABANDONED_CASH_RECEIPT_CLAIM_MS,
  type CashReceipt,
  claimAgain,
  claimFirstIssue,
  getCashReceipt,
  settleIssue,
} from '../data/cash-receipt-repository.ts';
import { getOrder, type PaymentOrder } from '../data/order-reads.ts';
import { type Operator, recordUserActivity } from '../data/user-activity-repository.ts';
import { getPayment, type Payment } from '../data/user-plan-repository.ts';
import { AdminError } from '../errors.ts';
import { logger } from '../logger.ts';
import { cashReceiptView } from './cash-receipt-views.ts';

/**
 * Cash receipts (현금영수증, shared/cash-receipts): issued through the provider's receipt API when an
 * order paid in cash is granted, cancelled or re-issued after a refund, retried by an operator after a
 * failure. Every call to the provider is made by the one run that claimed the receipt (a conditional
 * write), so repeated notifications, re-checks and concurrent confirmations issue it once; a failure is
 * an attention case (`cash_receipt_failed`) until the receipt is issued.
 */
/** The buyer's telephone as the provider's buyer_tel: a Korean number in its national form. */
const nationalTel = (e164: string) => (e164.startsWith('+82') ? `0${e164.slice(3)}` : e164);

/**
 * Issues the receipt a granted order owes (none for a payment that asks none, or a choice of none
 * under ₩100,000 or with a tax invoice requested). Safe to call again: the receipt is claimed once; a
 * claim abandoned by a run that died is taken over. Answers where the receipt stands.
 */
export async function issueOrderCashReceipt(
  order: PaymentOrder,
  paid: { impUid?: string | undefined; amount: number },
  invoiceRequested: boolean,
): Promise<CashReceiptView | undefined> {
  if (!order.cashReceipt || !paid.impUid) return undefined;
  const owed = receiptToIssue(order.cashReceipt as CashReceiptChoice, {
    priceKrw: order.finalPrice,
    invoiceRequested,
  });
  if (!owed) return undefined;
  const now = nowMs();
  const fresh = {
    merchantUid: order.merchantUid,
    uid: order.uid,
    impUid: paid.impUid,
    purpose: order.cashReceipt.purpose,
    ...owed,
    amount: paid.amount,
  };
  let claimed: CashReceipt | undefined;
  if (await claimFirstIssue(fresh, now)) {
    claimed = await getCashReceipt(order.merchantUid);
  } else {
    const current = await getCashReceipt(order.merchantUid);
    if (current && abandoned(current, now)) {
      // A claim left by a run that died: after a refund of the payment it was the refund's to follow (the
      // receipt cancelled, or issued again for what was kept), which a first issue must not redo.
      if (((await getPayment(order.merchantUid))?.cancelledAmount ?? 0) > 0) {
        await cashReceiptAfterRefund(order.merchantUid);
        const followed = await getCashReceipt(order.merchantUid);
        return followed ? cashReceiptView(followed) : undefined;
      }
      claimed = (await claimAgain(current, now)) ? await getCashReceipt(order.merchantUid) : undefined;
    }
    if (!claimed) return current ? cashReceiptView(await settledBy(current, now)) : undefined;
  }
  if (!claimed) return undefined;
  return cashReceiptView(await issueClaimed(claimed, order));
}

/**
 * A receipt another run is issuing, once it has settled (its call to the provider gives up within a
 * few seconds), so that the receipt mail says how it ended; as it stands if that takes longer.
 */
async function settledBy(current: CashReceipt, now: number): Promise<CashReceipt> {
  let receipt = current;
  while (receipt.state === 'issuing' && nowMs() - now < SETTLE_WAIT_MS) {
    await sleep(SETTLE_POLL_MS);
    receipt = (await getCashReceipt(current.merchantUid)) ?? receipt;
  }
  return receipt;
}
const SETTLE_WAIT_MS = OUTSIDE_CALL_TIMEOUT_MS + 1000;
const SETTLE_POLL_MS = 200;

/** A claim whose run died before it recorded what the provider did (longer than any run may take). */
function abandoned(receipt: CashReceipt, now: number): boolean {
  return receipt.state === 'issuing' && receipt.claimedAt < now - ABANDONED_CASH_RECEIPT_CLAIM_MS;
}

/**
 * The provider asked to issue a claimed receipt; what it came to is recorded and answered. With
 * `externalAmount` it is issued as for a sale outside PortOne, for that amount: what a refund by bank
 * transfer kept, which the provider's own receipt (always for the payment's balance) cannot say.
 */
async function issueClaimed(
  claimed: CashReceipt,
  order: Pick<PaymentOrder, 'userName' | 'userEmail' | 'userPhone' | 'currency' | 'planName'>,
  externalAmount?: number,
): Promise<CashReceipt> {
  let issued: ProviderReceipt | undefined;
  let failure = '';
  const fields = {
    identifier: claimed.identifier,
    identifierType: claimed.identifierType,
    type: claimed.type,
    buyer: { name: order.userName, email: order.userEmail, tel: nationalTel(order.userPhone) },
  };
  try {
    issued =
      externalAmount === undefined && claimed.impUid
        ? await issueReceipt({ impUid: claimed.impUid, ...fields })
        : await issueExternalReceipt({
            merchantUid: claimed.merchantUid,
            name: order.planName,
            amount: externalAmount ?? claimed.amount,
            ...fields,
          });
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
    // Refused as issued already, or unanswered: what the provider holds decides.
    if (externalAmount === undefined && claimed.impUid)
      issued = (await getReceipt(claimed.impUid).catch(() => null)) ?? undefined;
    if (issued?.cancelledAt) issued = undefined;
  }
  if (issued) {
    await settleIssue(claimed, {
      state: 'issued',
      amount: issued.amount,
      approvalNumber: issued.approvalNumber,
      ...(issued.receiptUrl ? { receiptUrl: issued.receiptUrl } : {}),
      issuedAt: issued.issuedAt,
      external: externalAmount !== undefined || !claimed.impUid,
    });
    logger.info('Cash receipt issued', { merchantUid: claimed.merchantUid, amount: issued.amount });
  } else {
    logger.error('Cash receipt not issued: listed for an operator', {
      merchantUid: claimed.merchantUid,
      failure,
    });
    await settleIssue(claimed, { state: 'failed', failure }, failureCase(claimed, order, failure));
  }
  return (await getCashReceipt(claimed.merchantUid)) ?? claimed;
}

function failureCase(
  receipt: CashReceipt,
  buyer: Pick<PaymentOrder, 'userEmail' | 'currency'>,
  reason: string,
) {
  return {
    kind: 'cash_receipt_failed' as const,
    uid: receipt.uid,
    userEmail: buyer.userEmail,
    merchantUid: receipt.merchantUid,
    amount: receipt.amount,
    currency: buyer.currency,
    reason,
  };
}

/**
 * What the provider would issue for the payment now (what it still holds: a receipt is always for the
 * payment's balance), against what the product keeps of it: they differ after a refund made by hand
 * (to the product account), which the provider never saw.
 */
async function balances(receipt: CashReceipt): Promise<{ atProvider: number | undefined; kept: number }> {
  const [atProvider, ours] = await Promise.all([
    receipt.impUid ? lookUpProviderPayment(receipt.impUid) : undefined,
    getPayment(receipt.merchantUid),
  ]);
  if ((receipt.impUid && !atProvider) || !ours)
    throw new AdminError('not_found', `No payment ${receipt.merchantUid}`);
  return {
    atProvider: atProvider ? atProvider.amount - atProvider.cancelledAmount : undefined,
    kept: ours.price - ours.cancelledAmount,
  };
}

/**
 * After a refund of an order is recorded (a bank transfer's: once it is paid): a receipt for the whole
 * payment no longer holds. A payment refunded in full has its receipt cancelled; one refunded in part has
 * it cancelled and issued again for what was kept, which the provider's API does by itself for a refund
 * it made (it issues for the payment's balance); after a refund by bank transfer, which the provider never
 * saw, it is issued as for a sale outside PortOne, for the amount kept. A claim another run holds answers
 * `in-flight` (the refund waits for it: its next attempt, once the claim is abandoned, takes it over and
 * does it again, a cancel of a receipt already cancelled being no cancel). Never fails the refund: what
 * goes wrong is logged and listed.
 */
export async function cashReceiptAfterRefund(merchantUid: string): Promise<'done' | 'in-flight'> {
  try {
    const receipt = await getCashReceipt(merchantUid);
    if (!receipt) return 'done';
    const now = nowMs();
    const resumed = abandoned(receipt, now);
    if (receipt.state === 'issuing' && !resumed) return 'in-flight';
    if (!resumed && receipt.state !== 'issued' && receipt.state !== 'failed') return 'done';
    const order = await orderOf(receipt);
    const { atProvider, kept } = await balances(receipt);
    if (receipt.state === 'issued' && kept === receipt.amount) return 'done';
    if (!(await claimAgain(receipt, now))) return 'in-flight';
    const claimed = (await getCashReceipt(merchantUid)) as CashReceipt;
    if (receipt.state !== 'failed') await revokeIssued(receipt).catch(treatNoneIssuedAsCancelled);
    if (kept <= 0) {
      await settleIssue(claimed, { state: 'cancelled', cancelledAt: nowMs() });
      logger.info('Cash receipt cancelled after a refund', { merchantUid });
      return 'done';
    }
    await issueClaimed(claimed, order, atProvider === kept ? undefined : kept);
  } catch (error) {
    logger.error('The cash receipt could not follow a refund', { merchantUid, error });
  }
  return 'done';
}

function revokeIssued(receipt: CashReceipt): Promise<ProviderReceipt | null> {
  return receipt.external || !receipt.impUid
    ? revokeExternalReceipt(receipt.merchantUid)
    : revokeReceipt(receipt.impUid);
}

function treatNoneIssuedAsCancelled(error: unknown): void {
  if (error instanceof PaymentProviderError && error.httpStatus === 400) return;
  throw error;
}

/** Who the receipt names: the order's buyer, or a direct deposit's payer (a deposit has no order). */
async function orderOf(receipt: CashReceipt): Promise<Buyer> {
  const order = (await getOrder(receipt.merchantUid)) ?? (await getPayment(receipt.merchantUid));
  if (!order) throw new AdminError('not_found', `No order ${receipt.merchantUid}`);
  return order;
}
type Buyer = Pick<PaymentOrder, 'userName' | 'userEmail' | 'userPhone' | 'currency' | 'planName'>;

/**
 * The cash receipt of a direct deposit in won (money paid outside the provider, granted by an operator):
 * issued as PortOne issues one for a cash sale outside it, on the receipt channel, for the amount paid.
 * The operator's form asks no receipt number, so it is the one the law asks for without one: to the
 * NTS's self-issue number from ₩100,000, none under it. Once per deposit, as an order's receipt.
 */
export async function issueDepositCashReceipt(payment: Payment): Promise<CashReceiptView | undefined> {
  const owed = receiptToIssue({ purpose: 'none' }, { priceKrw: payment.price, invoiceRequested: false });
  if (!owed || payment.currency !== 'KRW') return undefined;
  const now = nowMs();
  const fresh = {
    merchantUid: payment.merchantUid,
    uid: payment.uid,
    purpose: 'none' as const,
    ...owed,
    amount: payment.price - payment.cancelledAmount,
  };
  if (!(await claimFirstIssue(fresh, now))) {
    const current = await getCashReceipt(payment.merchantUid);
    return current ? cashReceiptView(current) : undefined;
  }
  const claimed = (await getCashReceipt(payment.merchantUid)) as CashReceipt;
  return cashReceiptView(await issueClaimed(claimed, payment, claimed.amount));
}

/**
 * An operator's retry of a failed receipt (the attention page): asked of the provider again now,
 * recorded as the account's activity. Refused when the provider would issue another amount than the
 * one kept (a refund made by hand). Answers whether it was issued; the case ends when it is.
 */
export async function retryCashReceipt(
  merchantUid: string,
  reason: string,
  operator: Operator,
): Promise<'issued' | 'already-ended'> {
  const receipt = await getCashReceipt(merchantUid);
  if (receipt?.state !== 'failed') return 'already-ended';
  const { atProvider, kept } = await balances(receipt);
  if (!(await claimAgain(receipt, nowMs(), { amount: kept }))) return 'already-ended';
  await recordUserActivity({
    uid: receipt.uid,
    action: 'cash-receipt.retry',
    desc: `${merchantUid}: ${reason}`,
    operator,
  });
  const result = await issueClaimed(
    (await getCashReceipt(merchantUid)) as CashReceipt,
    await orderOf(receipt),
    atProvider === kept ? undefined : kept,
  );
  if (result.state !== 'issued')
    throw new AdminError('conflict', `The provider did not issue it: ${result.failure ?? ''}`);
  return 'issued';
}
