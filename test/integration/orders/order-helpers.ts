import { inject } from 'vitest';
import { createPaymentSession } from '../../../functions/core/data/payment-session-repository.ts';
import { listUserPlans } from '../../../functions/core/data/user-plan-repository.ts';
import { createUser } from '../../../functions/core/data/user-repository.ts';
import { signIdToken } from '../../../functions/core/identity/id-token.ts';
import { newGuid } from '../../../functions/core/orders/session-store.ts';
import type { RouteInput } from '../../../shared/api/define-route.ts';
import {
  createBillingKeyPayment,
  createInitPayment,
  getPaymentResult,
  insertPaymentProgress,
  registerPaymentSessionCoupon,
  setUpRecurrentNaverPayEnroll,
  startRecurrentNaverPay,
} from '../../../shared/api/orders.ts';
import { createInitPlanUpgrade } from '../../../shared/api/upgrades.ts';
import type { SessionInfo } from '../../../shared/orders/session-info.ts';
import type { CheckoutReturn, RequestPayParams } from '../../../shared/payments/checkout-contract.ts';
import { type PayMethod, providerChannel, WALLET_PG } from '../../../shared/payments/pay-methods.ts';
import { type Answer, call, send, uniqueId } from '../helpers.ts';
import { checkoutInBrowser } from '../payments/sandbox-harness.ts';

/**
 * Helpers of the order tests: customers written straight into the runtime's table (with a minted ID
 * token; sign-in itself is the identity tests' concern), sessions and orders through the real routes,
 * and the sandbox checkout of the runtime driven as a browser would.
 */
export const VISA_OK = '4242424242424242';
export const DECLINED_CC01 = '4000000000000001';
export const PENDING_3S = '4000000000003000';
export const KEY_CHARGES_DECLINE = '4000000000000341';
/** A card whose billing key's charges go through but answer after the product stopped waiting. */
export const CHARGES_ANSWER_LATE = '4000000000001212';

export interface Customer {
  uid: string;
  email: string;
  name: string;
  token: string;
}

export async function newCustomer(
  overrides: { referralType?: string; emailVerified?: boolean; adminLevel?: number } = {},
): Promise<Customer> {
  const uid = uniqueId('buyer');
  const email = `${uid}@example.com`;
  const now = Date.now();
  await createUser({
    uid,
    name: 'Kim Buyer',
    email,
    emailVerified: overrides.emailVerified ?? true,
    providers: ['password'],
    uiLanguage: 'ko',
    clientType: 'landing',
    ...(overrides.referralType ? { referralType: overrides.referralType, referralCode: 'PARTNER-1' } : {}),
    ...(overrides.adminLevel ? { adminLevel: overrides.adminLevel } : {}),
    created: now,
    credentialsChangedAt: now,
  });
  return { uid, email, name: 'Kim Buyer', token: await signIdToken({ uid, email }) };
}

export async function openSession(
  customer: Customer,
  input: Partial<RouteInput<typeof createInitPayment>> = {},
): Promise<{ guid: string; sessionInfo: SessionInfo }> {
  const answer = await call(
    createInitPayment,
    { clientType: 'landing', language: 'ko', ...input },
    { token: customer.token },
  );
  if (answer.status !== 200) throw new Error(`create-init-payment: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The insert-payment-progress input for a session as its order page would send it. */
export function progressInput(
  session: SessionInfo,
  payMethod: PayMethod,
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  const pg =
    payMethod === 'naver_pay'
      ? WALLET_PG
      : providerChannel(payMethod, session.currency, session.planPriceInfo).pg;
  return {
    guid: session.guid,
    price: session.price.finalPrice,
    planName: session.planPriceInfo.name,
    payMethod: payMethod === 'paypal' ? 'card' : payMethod,
    pg,
    currency: session.currency,
    isTest: session.isTest,
    ...(session.couponInfo ? { couponCode: session.couponInfo.coupon.couponCode } : {}),
    userName: 'Kim Buyer',
    userEmail: 'buyer@example.com',
    userPhone: '+821012345678',
    ...(payMethod === 'vbank' ? { cashReceipt: { purpose: 'none' } } : {}),
    ...overrides,
  };
}

export interface PlacedOrder {
  merchantUid: string;
  checkoutMerchantUid: string;
  amount: number;
  customerUid?: string;
  vbankDue?: string;
}

export async function placeOrder(
  session: SessionInfo,
  payMethod: PayMethod,
  overrides: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const answer = await call(insertPaymentProgress, progressInput(session, payMethod, overrides));
  if (answer.status !== 200) throw new Error(`insert-payment-progress: ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/**
 * The customer on the sandbox checkout for an order: a test card, a virtual account, or abandoning
 * (of the suite's runtime, or of the runtime at `baseUrl`).
 */
export async function checkout(
  session: SessionInfo,
  order: PlacedOrder,
  payMethod: PayMethod,
  choice: string | 'abandon',
  overrides: Partial<RequestPayParams> = {},
  baseUrl = inject('apiUrl'),
): Promise<CheckoutReturn> {
  const channel = providerChannel(
    payMethod as Exclude<PayMethod, 'naver_pay'>,
    session.currency,
    session.planPriceInfo,
  );
  const params: RequestPayParams = {
    pg: channel.pg,
    pay_method: channel.payMethod,
    merchant_uid: order.checkoutMerchantUid,
    name: session.planPriceInfo.name,
    amount: order.amount,
    currency: session.currency,
    buyer_name: 'Kim Buyer',
    buyer_email: 'buyer@example.com',
    buyer_tel: '010-1234-5678',
    m_redirect_url: `${baseUrl}/ko/payment/result/pending?guid=${session.guid}`,
    ...(order.customerUid ? { customer_uid: order.customerUid } : {}),
    ...(order.vbankDue ? { vbank_due: order.vbankDue } : {}),
    ...overrides,
  };
  const { returned } = await checkoutInBrowser(
    baseUrl,
    params,
    choice === 'abandon' ? { action: 'abandon' } : { choice },
  );
  return Object.fromEntries(returned.searchParams) as unknown as CheckoutReturn;
}

export function confirm(
  guid: string,
  merchantUid: string,
  extra: Record<string, unknown> = {},
): Promise<Answer> {
  return call(getPaymentResult, { guid, merchantUid, ...extra });
}

/** The sandbox's state (payments, billing keys, wallet registrations). */
export async function sandboxState(): Promise<{
  payments: Array<{
    imp_uid: string;
    merchant_uid: string;
    status: string;
    amount: number;
    cancel_amount: number;
    pay_method: string;
  }>;
  billingKeys: Array<{ customer_uid: string; charges: number }>;
  walletPayments: Array<{
    paymentId: string;
    merchantPayId: string;
    totalPayAmount: number;
    restAmount: number;
    state: string;
  }>;
  notifications: Array<{ body: { imp_uid: string; merchant_uid: string }; state: string; attempts: number }>;
}> {
  return (await send(new URL('/_local/payments.json', inject('apiUrl')), { method: 'GET' })).body;
}

/** The texts the SMS stand-in received (알림톡 with their custom fields and how they were delivered). */
export async function smsOutbox(): Promise<
  Array<{
    to: string;
    text: string;
    type: string;
    templateId?: string;
    customFields?: Record<string, string>;
    delivery?: 'kakao' | 'sms' | 'failed';
    fallback?: string;
  }>
> {
  return (await send(new URL('/_local/sms.json', inject('apiUrl')), { method: 'GET' })).body;
}

/** Pays in a virtual account with the developer page's Deposit button. */
export async function deposit(impUid: string): Promise<Answer> {
  return send(new URL('/_local/payments/deposit', inject('apiUrl')), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ imp_uid: impUid }),
  });
}

export async function until<T>(
  probe: () => Promise<T | undefined>,
  what: string,
  timeoutMs = 10_000,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The customer on the wallet's registration page: registers a test card (or cancels). */
export async function registerInWallet(reserveId: string, card: string | 'cancel'): Promise<URL> {
  const form = new URLSearchParams({
    reserveId,
    action: card === 'cancel' ? 'cancel' : 'register',
    ...(card === 'cancel' ? {} : { card }),
  });
  const answer = await fetch(`${inject('apiUrl')}/_local/payments/naver-pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form,
    redirect: 'manual',
  });
  return new URL(answer.headers.get('location') ?? '');
}

/** A session for a plan with a coupon registered on it (the coupon box's apply). */
export async function sessionWithCoupon(
  customer: Customer,
  planName: string,
  couponCode: string,
): Promise<SessionInfo> {
  const { guid } = await openSession(customer, { planName });
  const registered = await call(registerPaymentSessionCoupon, { guid, code: couponCode, planName });
  if (registered.status !== 200)
    throw new Error(`register-payment-session-coupon: ${JSON.stringify(registered.body)}`);
  return registered.body.sessionInfo;
}

/** A payment session that has lapsed (written straight into the table with its expiry passed). */
export async function lapsedSession(uid: string): Promise<string> {
  const guid = newGuid();
  await createPaymentSession({
    guid,
    uid,
    purpose: 'order',
    clientType: 'landing',
    language: 'ko',
    createdStatus: 'init',
    catalogue: 'default',
    planName: 'MR_LIGHT_V3',
    currency: 'KRW',
    expiresAt: Date.now() - 1000,
    ttl: Math.ceil(Date.now() / 1000) + 3600,
  });
  return guid;
}

/** A customer holding a plan bought through the real flow: by card (billing key or pass) or by the wallet. */
export async function subscriber(planName: string, method: 'card' | 'naver_pay' = 'card'): Promise<Customer> {
  const buyer = await newCustomer();
  // Price version '1' sells BUSINESS too.
  const { sessionInfo } = await openSession(buyer, { planName, priceVersion: '1' });
  const order = await placeOrder(sessionInfo, method);
  const guid = sessionInfo.guid;
  if (method === 'naver_pay') {
    const { reserveId } = (await call(setUpRecurrentNaverPayEnroll, { guid, merchantUid: order.merchantUid }))
      .body;
    const back = await registerInWallet(reserveId, VISA_OK);
    const tempReceiptId = back.searchParams.get('tempReceiptId');
    await call(startRecurrentNaverPay, { guid, merchantUid: order.merchantUid, reserveId, tempReceiptId });
  } else {
    await checkout(sessionInfo, order, 'card', VISA_OK);
    if (order.customerUid) {
      const input = { guid, merchantUid: order.merchantUid, customerUid: order.customerUid };
      await call(createBillingKeyPayment, input);
    } else await confirm(guid, order.merchantUid);
  }
  const plans = await listUserPlans(buyer.uid);
  if (plans.length !== 1) throw new Error(`${planName} was not granted`);
  return buyer;
}

/** An upgrade order placed as the upgrade page places it (the paid user's contact), not yet charged. */
export async function placeUpgrade(buyer: Customer, planName: string) {
  const opened = await call(
    createInitPlanUpgrade,
    { clientType: 'landing', language: 'ko', planName },
    { token: buyer.token },
  );
  const session = opened.body.sessionInfo as SessionInfo;
  const data = session.planUpgradeData as NonNullable<SessionInfo['planUpgradeData']>;
  const placed = await call(
    insertPaymentProgress,
    progressInput(session, 'card', {
      isUpgrade: true,
      userName: data.paidUserInfo.name,
      userEmail: data.paidUserInfo.email,
      userPhone: data.paidUserInfo.phone,
    }),
  );
  const { merchantUid, customerUid } = placed.body as { merchantUid: string; customerUid: string };
  return { session, data, merchantUid, customerUid };
}

/** The eraser order (an STT eraser of a STANDARD plan, by card) as the eraser page sends it. */
export const eraserOrderInput = (guid: string, overrides: Record<string, unknown> = {}) => ({
  guid,
  price: 9900,
  planName: 'ERASER_STT_STANDARD',
  payMethod: 'card',
  pg: 'html5_inicis',
  currency: 'KRW',
  userName: 'Kim Buyer',
  userEmail: 'buyer@example.com',
  userPhone: '+821012345678',
  ...overrides,
});

/** The customer paying an eraser order by card on the sandbox checkout; the provider's return. */
export async function payEraser(guid: string, merchantUid: string, amount: number): Promise<URL> {
  const { returned } = await checkoutInBrowser(
    inject('apiUrl'),
    {
      pg: 'html5_inicis',
      pay_method: 'card',
      merchant_uid: merchantUid,
      name: 'Eraser',
      amount,
      currency: 'KRW',
      m_redirect_url: `${inject('apiUrl')}/ko/payment/eraser/result/pending?guid=${guid}`,
    },
    { choice: VISA_OK },
  );
  return returned;
}

/** The customer on the provider's billing-key checkout of a prepared change of card: where it returns. */
export async function registerCard(
  prepared: { checkoutMerchantUid: string; customerUid: string },
  card: string,
): Promise<URL> {
  const { returned } = await checkoutInBrowser(
    inject('apiUrl'),
    {
      ...providerChannel('card', 'KRW'),
      pay_method: 'card',
      merchant_uid: prepared.checkoutMerchantUid,
      name: 'Change of card',
      amount: 0,
      currency: 'KRW',
      customer_uid: prepared.customerUid,
      m_redirect_url: `${inject('apiUrl')}/ko/payment/change-card`,
    },
    { choice: card },
  );
  return returned;
}
