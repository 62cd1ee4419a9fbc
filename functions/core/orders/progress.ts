import type { CashReceiptChoice } from '../../../shared/cash-receipts/cash-receipt-rules.ts';
import { couponHeldUntil } from '../../../shared/coupons/coupon-holds.ts';
import type { Currency } from '../../../shared/currency.ts';
import { billingKeyCheckoutUid, vbankDeadline } from '../../../shared/orders/order-rules.ts';
import { newCustomerUid, newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import {
  KEY_ISSUED_WITH_PAYMENT_PGS,
  type PayMethod,
  payMethodsFor,
  providerChannel,
  serverPayMethod,
  WALLET_PAY_METHOD,
  WALLET_PG,
} from '../../../shared/payments/pay-methods.ts';
import { orderCashReceiptChoice } from '../cash-receipts/cash-receipt-choice.ts';
import { nowMs } from '../clock.ts';
import { couponRefusalError } from '../coupons/coupons.ts';
import { getCouponRedemption, releaseExpiredHolds } from '../data/coupon-repository.ts';
import { createOrder } from '../data/order-repository.ts';
import { notePaymentSessionOrder } from '../data/payment-session-repository.ts';
import { activeUserPlan } from '../data/user-plan-repository.ts';
import { PaymentError } from '../errors.ts';
import { scheduleRecheck } from './order-recheck-schedule.ts';
import {
  acceptedPrice,
  preregistrationRate,
  renewalPrice,
  sessionBonusQuota,
  testModeAllowed,
  walletOffered,
} from './session-pricing.ts';
import { readSession } from './session-store.ts';

/**
 * The merchant order (insert-payment-progress): created only for the price the server computes for the
 * session, by a method the session offers, with the session's plan, currency and coupon. The browser's
 * figures are claims: a different price is the invalid-price error, a different plan, currency or
 * coupon the inconsistency error.
 */
export interface ProgressRequest {
  guid: string;
  price: number;
  planName: string;
  payMethod: PayMethod;
  pg: string;
  currency: Currency;
  isUpgrade: boolean;
  isTest: boolean;
  couponCode?: string | undefined;
  userName: string;
  userEmail: string;
  userPhone: string;
  /** The customer's address (the request's source), which some channels ask of every charge. */
  buyerIp?: string | undefined;
  cashReceipt?: CashReceiptChoice | undefined;
}

export async function insertPaymentProgress(request: ProgressRequest): Promise<{
  merchantUid: string;
  checkoutMerchantUid: string;
  amount: number;
  customerUid?: string;
  vbankDue?: string;
}> {
  const ctx = await readSession(request.guid, 'open');
  const { session, plan, user } = ctx;
  if (request.isTest && !testModeAllowed(user)) {
    throw new PaymentError('INVALID_ARGUMENT', 'Test mode is not available to this account');
  }
  const couponCode = ctx.coupon?.coupon.couponCode;
  if (
    request.planName !== plan.name ||
    request.currency !== session.currency ||
    (request.couponCode || undefined) !== couponCode
  ) {
    throw new PaymentError('INCONSISTENCY', 'The order does not match the payment session');
  }
  // PayPal arrives as card on its own pg (section 3): that pair is the PayPal choice.
  const chosen: PayMethod =
    request.payMethod === 'card' && request.pg === providerChannel('paypal', session.currency).pg
      ? 'paypal'
      : request.payMethod;
  const methods = payMethodsFor({
    isSubscription: plan.isSubscription,
    language: session.language,
    currency: session.currency,
    walletAllowed: walletOffered(ctx),
  });
  if (!methods.includes(chosen)) {
    throw new PaymentError('INVALID_ARGUMENT', `${request.payMethod} is not offered for this order`);
  }
  const isWallet = chosen === WALLET_PAY_METHOD;
  const pg = isWallet
    ? WALLET_PG
    : providerChannel(chosen as Exclude<PayMethod, 'naver_pay'>, session.currency, plan).pg;
  if (request.pg !== pg) throw new PaymentError('INVALID_ARGUMENT', `${chosen} is paid on ${pg}`);
  const cashReceipt = orderCashReceiptChoice(
    { payMethod: serverPayMethod(chosen), currency: session.currency },
    request.cashReceipt,
  );

  const price = acceptedPrice(ctx, request.price, request.isTest);
  const now = nowMs();
  const active = await activeUserPlan(user.uid, now);
  if (active) {
    throw new PaymentError('USER_ALREADY_SUBSCRIBED', `The account holds ${active.planName}`, {
      planName: active.planName,
      isSubscription: active.isSubscription,
    });
  }

  const merchantUid = newMerchantUid('order');
  const customerUid = plan.isSubscription && !isWallet ? newCustomerUid() : undefined;
  const vbank = chosen === 'vbank' ? vbankDeadline(now) : undefined;
  const bonusQuota = sessionBonusQuota(ctx);
  const order = {
    merchantUid,
    guid: session.guid,
    uid: user.uid,
    ...(session.cid ? { cid: session.cid } : {}),
    clientType: session.clientType,
    language: session.language,
    paymentType: plan.isSubscription ? ('regular' as const) : ('oneoff' as const),
    planName: plan.name,
    planType: plan.planType,
    period: plan.period,
    catalogue: session.catalogue,
    currency: session.currency,
    payMethod: serverPayMethod(chosen),
    pg,
    listPrice: price.listPrice,
    finalPrice: price.finalPrice,
    amount: price.amount,
    ...(plan.isSubscription ? { renewalPrice: renewalPrice(ctx) } : {}),
    isTest: request.isTest,
    ...(couponCode ? { couponCode } : {}),
    ...(price.discountSource === 'preregistration'
      ? { preregistrationPercent: preregistrationRate(ctx) }
      : {}),
    ...(bonusQuota ? { bonusQuota } : {}),
    ...(customerUid ? { customerUid } : {}),
    userName: request.userName,
    userEmail: request.userEmail,
    userPhone: request.userPhone,
    ...(request.buyerIp ? { buyerIp: request.buyerIp } : {}),
    ...(cashReceipt ? { cashReceipt } : {}),
  };

  if (!couponCode) {
    if ((await createOrder(order)) !== 'created') {
      throw new PaymentError('DB_ERROR', 'The order could not be stored');
    }
  } else {
    if (!(await takeCouponFor(order, couponCode, couponHeldUntil(now, vbank?.atMs), now))) {
      throw couponRefusalError({ reason: 'exhausted' });
    }
  }
  await notePaymentSessionOrder(session.guid, merchantUid, 'created');
  await scheduleRecheck({ merchantUid, status: 'created', created: now });
  // A channel that issues the key only with a first payment takes it at the checkout, as the order.
  const issuesKeyOnly = customerUid && !KEY_ISSUED_WITH_PAYMENT_PGS.includes(pg);
  return {
    merchantUid,
    checkoutMerchantUid: issuesKeyOnly ? billingKeyCheckoutUid(merchantUid) : merchantUid,
    amount: price.amount,
    ...(customerUid ? { customerUid } : {}),
    ...(vbank ? { vbankDue: vbank.vbankDue } : {}),
  };
}

/**
 * Creates the order with its coupon held. When none is free, holds that ran out are given back first
 * and the take is tried again; a redemption that changed meanwhile (the same account ordering in two
 * tabs) is read again, and a take that lost to a concurrent transaction is simply tried again.
 */
async function takeCouponFor(
  order: Parameters<typeof createOrder>[0],
  couponCode: string,
  heldUntil: number,
  now: number,
): Promise<boolean> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const existing = await getCouponRedemption(couponCode, order.uid);
    if (existing?.status === 'used') throw couponRefusalError({ reason: 'already_used' });
    const created = await createOrder(order, { couponCode, heldUntil, nowMs: now, existing });
    if (created === 'created') return true;
    if (created === 'conflict') continue;
    if (!existing && (await releaseExpiredHolds(couponCode, now)) === 0) {
      const again = await getCouponRedemption(couponCode, order.uid);
      if (!again) return false;
    }
  }
  return false;
}
