import { WALLET_PAY_METHOD } from '../../../shared/payments/pay-methods.ts';
import { CHARGE_SETTLE_MS } from '../../../shared/timeouts.ts';
import { chargeRecurrent, WalletError } from '../adapters/payment-provider/naver-pay.ts';
import {
  findPaymentByMerchantUid,
  PaymentProviderError,
  payWithBillingKey,
} from '../adapters/payment-provider/portone.ts';
import { nowMs } from '../clock.ts';
import { getOrder, type PaymentOrder } from '../data/order-reads.ts';
import { reclaimCharge } from '../data/order-repository.ts';
import { logger } from '../logger.ts';
import { type Confirmation, confirmOrder, failOrder, orderResult, settlePaid } from './confirmation.ts';

/**
 * Charges on a recurring payment (the billing key at the provider, or the wallet's registration): a
 * subscription's first payment, an upgrade, each renewal. The caller that claimed the order (created
 * -> charging) charges it once. A charge left without an answer (the call timed out or the service
 * was unreachable) may still have taken the money: the order stays charging, and every later look at
 * it (reconcileOrder) asks the provider by the order's merchant_uid, or replays the wallet's
 * idempotent calls, before anything is charged again.
 */
const PENDING: Confirmation = { result: 'pending' };

/** Charges an order its caller claimed (status charging) and confirms it. */
export function chargeClaimed(claimed: PaymentOrder): Promise<Confirmation> {
  return claimed.payMethod === WALLET_PAY_METHOD
    ? chargeWalletOrder(claimed, claimed.recurrentId ?? '')
    : chargeByBillingKey(claimed);
}

async function chargeByBillingKey(claimed: PaymentOrder): Promise<Confirmation> {
  let payment: Awaited<ReturnType<typeof payWithBillingKey>>;
  try {
    payment = await payWithBillingKey({
      customerUid: claimed.customerUid as string,
      merchantUid: claimed.merchantUid,
      amount: claimed.amount,
      currency: claimed.currency,
      name: claimed.planName,
      buyer: { name: claimed.userName, email: claimed.userEmail, tel: claimed.userPhone },
      ...(claimed.buyerIp ? { browserIp: claimed.buyerIp } : {}),
    });
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    if (error.providerCode !== undefined) {
      // The provider understood and refused (no such billing key, an amount it does not take).
      return failOrder(claimed, { message: error.message }, 'PORTONE_FAILED');
    }
    logger.warn('Billing-key charge outcome unknown; asking the provider', {
      merchantUid: claimed.merchantUid,
    });
    return lookUp(claimed);
  }
  return confirmOrder(claimed, payment);
}

/**
 * Charges an order its caller claimed on a wallet registration: the first payment of a subscription,
 * an upgrade, a renewal. The wallet's reserve and approval carry idempotency keys derived from the
 * merchant uid, so a replay of this charge is the same charge with the same outcome.
 */
export async function chargeWalletOrder(claimed: PaymentOrder, recurrentId: string): Promise<Confirmation> {
  try {
    const charge = await chargeRecurrent({
      recurrentId,
      amount: claimed.amount,
      productName: claimed.planName,
      merchantPayId: claimed.merchantUid,
      merchantUserId: claimed.uid,
    });
    if (charge.status === 'failed') return failOrder(claimed, charge.failure, 'NAVER_PAY_API_ERROR');
    return await settlePaid(claimed, {
      paidAt: charge.paidAt.getTime(),
      amount: charge.amount,
      // The wallet charges won only.
      currency: 'KRW',
      walletPaymentId: charge.paymentId,
      recurrentId,
    });
  } catch (error) {
    if (!(error instanceof WalletError)) throw error;
    if (error.walletCode === undefined) {
      logger.warn('Wallet charge outcome unknown; it is replayed later', {
        merchantUid: claimed.merchantUid,
      });
      return PENDING;
    }
    return failOrder(claimed, { message: error.message }, 'NAVER_PAY_API_ERROR');
  }
}

/** The provider's record of an order whose charge went unanswered; pending while it has none. */
async function lookUp(order: PaymentOrder): Promise<Confirmation> {
  try {
    return await confirmOrder(order);
  } catch (error) {
    if (!(error instanceof PaymentProviderError)) throw error;
    logger.warn('The provider could not be asked about a charge', { merchantUid: order.merchantUid });
    return PENDING;
  }
}

/**
 * An order's outcome as the provider knows it now, acted upon: get-payment-result, the scheduled
 * re-check, a repeated charge request, a renewal's repeated run. An order left charging is looked up
 * by its merchant_uid at the provider (a wallet charge is replayed, which answers what the wallet
 * recorded); nothing there within CHARGE_SETTLE_MS of the charge proves nothing (it may be landing).
 * Nothing after it means the charge never arrived: a renewal's run charges again (`chargeAgain`),
 * the one caller that takes the order over; an order of the customer's fails (their browser was told
 * it is pending, and they may pay again).
 */
export async function reconcileOrder(
  order: PaymentOrder,
  options: { chargeAgain?: boolean } = {},
): Promise<Confirmation> {
  if (order.status !== 'charging') return confirmOrder(order);
  const wallet = order.payMethod === WALLET_PAY_METHOD;
  if (!wallet) {
    const payment = await findPaymentByMerchantUid(order.merchantUid);
    if (payment) return confirmOrder(order, payment);
  }
  if (nowMs() - order.updated < CHARGE_SETTLE_MS) return PENDING;
  if (wallet ? order.recurrentId : options.chargeAgain) {
    const reclaimed = await reclaimCharge(order);
    if (!reclaimed) return orderResult((await getOrder(order.merchantUid)) ?? order);
    logger.warn('Charging again an order whose charge never arrived', { merchantUid: order.merchantUid });
    return chargeClaimed(reclaimed);
  }
  return failOrder(
    order,
    { message: 'The charge never reached the payment service' },
    wallet ? 'NAVER_PAY_API_ERROR' : 'PORTONE_FAILED',
  );
}
