import { WALLET_PAY_METHOD } from '../../../shared/payments/pay-methods.ts';
import {
  approveRecurrentRegistration,
  reserveRecurrentRegistration,
  WalletError,
} from '../adapters/payment-provider/naver-pay.ts';
import { getOrder, type PaymentOrder } from '../data/order-reads.ts';
import { claimOrderForCharge, updateOrderFrom } from '../data/order-repository.ts';
import { PaymentError } from '../errors.ts';
import { settings } from '../settings.ts';
import { chargeWalletOrder, reconcileOrder } from './charges.ts';
import { type Confirmation, failOrder, orderResult } from './confirmation.ts';
import { checkOrderClaims, orderOfSession } from './order-access.ts';

/**
 * The wallet (Naver Pay recurring) for a new subscription: the order is made by insert-payment-progress
 * like any other; set-up-recurrent-naver-pay-enroll reserves the registration (the customer then
 * registers on the wallet's page, which returns to the result page); start-recurrent-naver-pay approves
 * it and charges the first payment, exactly once per order, then grants like every confirmation.
 */
function walletOrder(order: PaymentOrder): PaymentOrder {
  if (order.payMethod !== WALLET_PAY_METHOD) {
    throw new PaymentError('INVALID_ARGUMENT', 'The order is not a wallet order');
  }
  return order;
}

/** Where the wallet's page returns: the result page of the order's language, with the order named. */
export function walletReturnUrl(order: PaymentOrder): string {
  const url = new URL(`${settings.siteUrl}/${order.language}/payment/result/pending`);
  url.searchParams.set('guid', order.guid ?? '');
  url.searchParams.set('merchant_uid', order.merchantUid);
  if (order.isTest) url.searchParams.set('test', '1');
  return url.toString();
}

/** Reserves the registration for an order (once: a repeated call answers the same reservation). */
export async function setUpWalletEnrolment(request: { guid: string; merchantUid: string }): Promise<string> {
  const order = walletOrder(await orderOfSession(request.guid, request.merchantUid));
  if (order.reserveId) return order.reserveId;
  if (order.status !== 'created')
    throw new PaymentError('ABNORMAL_PAYMENT_STATUS', `The order is ${order.status}`);
  const { reserveId } = await reserveRecurrentRegistration({
    productCode: order.planName,
    productName: order.planName,
    totalPayAmount: order.amount,
    returnUrl: walletReturnUrl(order),
  });
  const stored = await updateOrderFrom(order.merchantUid, ['created'], { reserveId });
  if (!stored) throw new PaymentError('ABNORMAL_PAYMENT_STATUS', 'The order moved on meanwhile');
  return reserveId;
}

/** Approves the completed registration and charges the order's first payment on it. */
export async function startWalletSubscription(request: {
  guid: string;
  merchantUid: string;
  reserveId: string;
  tempReceiptId: string;
  price?: number | undefined;
  isTest?: boolean | undefined;
  couponCode?: string | undefined;
}): Promise<Confirmation> {
  const order = walletOrder(await orderOfSession(request.guid, request.merchantUid));
  if (order.reserveId !== request.reserveId) {
    throw new PaymentError('INCONSISTENCY', 'The registration is not the order’s');
  }
  checkOrderClaims(order, request);
  if (order.status !== 'created') return reconcileOrder(order);
  const claimed = await claimOrderForCharge(order.merchantUid);
  if (!claimed) return orderResult((await getOrder(order.merchantUid)) ?? order);
  let recurrentId: string;
  try {
    ({ recurrentId } = await approveRecurrentRegistration({
      reserveId: request.reserveId,
      tempReceiptId: request.tempReceiptId,
    }));
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    // Unanswered, the approval may have gone through; with nothing charged yet, the order fails later.
    if (error.walletCode === undefined) return orderResult(claimed);
    return failOrder(claimed, { message: error.message }, 'NAVER_PAY_API_ERROR');
  }
  // Kept on the order, so that a charge left unanswered can be replayed (charges.ts).
  const approved = await updateOrderFrom(claimed.merchantUid, ['charging'], { recurrentId });
  if (!approved) return orderResult((await getOrder(claimed.merchantUid)) ?? claimed);
  return chargeWalletOrder(approved, recurrentId);
}
