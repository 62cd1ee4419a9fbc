import type { EraserSessionInfo } from '../../../shared/api/usage-eraser.ts';
import type { ClientType } from '../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { orderCharge } from '../../../shared/orders/order-price.ts';
import { newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import {
  type PayMethod,
  payMethodsFor,
  providerChannel,
  serverPayMethod,
} from '../../../shared/payments/pay-methods.ts';
import { eraserPrice } from '../../../shared/payments/prices.ts';
import {
  type EraserOption,
  eraserOptionsFor,
  erasersOffered,
} from '../../../shared/usage-eraser/eraser-options.ts';
import { nowMs } from '../clock.ts';
import { createOrder } from '../data/order-repository.ts';
import { notePaymentSessionOrder, type PaymentSession } from '../data/payment-session-repository.ts';
import { ERASER_CATALOGUE, getPlanCatalogue } from '../data/plan-catalogue-repository.ts';
import { getUsageCounters } from '../data/usage-repository.ts';
import { activeUserPlan, getUserPlan, type UserPlan } from '../data/user-plan-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { PaymentError } from '../errors.ts';
import { scheduleRecheck } from '../orders/order-recheck-schedule.ts';
import { samePrice, testModeAllowed } from '../orders/session-pricing.ts';
import { sessionOf, storeSession, verifiedUser } from '../orders/session-store.ts';
import { usageLines } from './eraser.ts';

/**
 * Usage-eraser sessions and orders. The session belongs to the account's current plan (a STANDARD or
 * BUSINESS one: erasers are their feature); each read prices the erasers afresh in the plan's currency
 * and reads this month's counters. Decision: an eraser is paid in the currency of the plan it erases for,
 * and by a method that settles at once (no virtual account, whose deposit may come in another month; no
 * wallet, which is for subscriptions).
 */
function eraserMethods(language: SiteLanguage, currency: EraserSessionInfo['currency']): PayMethod[] {
  return payMethodsFor({ isSubscription: false, language, currency, walletAllowed: false }).filter(
    (method) => method !== 'vbank',
  );
}

export async function openUsageEraserSession(input: {
  uid: string;
  cid?: string | undefined;
  clientType: ClientType;
  language: SiteLanguage;
}): Promise<{ guid: string }> {
  const user = await verifiedUser(input.uid);
  const plan = await activeUserPlan(user.uid, nowMs());
  if (!plan) throw new PaymentError('USER_NOT_SUBSCRIBED', 'The account holds no plan');
  if (!erasersOffered(plan.planType)) {
    throw new PaymentError('INVALID_ARGUMENT', `${plan.planName} is not offered usage erasers`);
  }
  const { guid } = await storeSession({
    ...input,
    uid: user.uid,
    createdStatus: 'init',
    purpose: 'usage-eraser',
    planId: plan.planId,
    catalogue: plan.catalogue,
    planName: plan.planName,
    currency: plan.currency,
  });
  return { guid };
}

/** The session and its plan, while the plan is still the account's live plan. */
async function eraserContext(guid: string): Promise<{ session: PaymentSession; plan: UserPlan }> {
  const session = await sessionOf(guid, 'open', ['usage-eraser']);
  const [plan, active] = await Promise.all([
    getUserPlan(session.uid, session.planId ?? ''),
    activeUserPlan(session.uid, nowMs()),
  ]);
  if (!plan || active?.planId !== plan.planId) {
    throw new PaymentError('USER_NOT_SUBSCRIBED', 'The plan of this session is no longer current');
  }
  return { session, plan };
}

/** The erasers a plan is offered, priced from the eraser catalogue in the table like every other price. */
async function eraserOptionsOf(plan: UserPlan): Promise<EraserOption[]> {
  return eraserOptionsFor(plan.planType, await getPlanCatalogue(ERASER_CATALOGUE));
}

function offersOf(options: EraserOption[], currency: EraserSessionInfo['currency'], isTest: boolean) {
  return options.map((option) => {
    const price = eraserPrice(option, currency);
    const charge = orderCharge(price, currency, isTest);
    return {
      planName: option.planName,
      usageType: option.usageType,
      usage: option.usage,
      description: option.description,
      price,
      chargedPrice: charge.kind === 'payable' ? charge.amount : 0,
    };
  });
}

export async function usageEraserSessionInfo(guid: string, isTest: boolean): Promise<EraserSessionInfo> {
  const { session, plan } = await eraserContext(guid);
  const [user, counters, options] = await Promise.all([
    getUser(session.uid),
    getUsageCounters(session.uid),
    eraserOptionsOf(plan),
  ]);
  if (!user) throw new PaymentError('AUTHORIZATION', 'The session belongs to no account');
  if (isTest && !testModeAllowed(user)) {
    throw new PaymentError('INVALID_ARGUMENT', 'Test mode is not available to this account');
  }
  return {
    guid: session.guid,
    language: session.language,
    currency: session.currency,
    isTest,
    planName: plan.planName,
    planType: plan.planType,
    period: plan.period,
    accountInfo: { userName: user.name, email: user.email },
    usage: usageLines(plan, counters, nowMs()),
    options: offersOf(options, session.currency, isTest),
    payMethods: eraserMethods(session.language, session.currency),
    expiresAt: session.expiresAt,
  };
}

export async function insertUsageEraserProgress(request: {
  guid: string;
  price: number;
  planName: string;
  payMethod: PayMethod;
  pg: string;
  currency: EraserSessionInfo['currency'];
  isTest: boolean;
  userName: string;
  userEmail: string;
  userPhone: string;
}): Promise<{ merchantUid: string; amount: number }> {
  const { session, plan } = await eraserContext(request.guid);
  const [user, options] = await Promise.all([getUser(session.uid), eraserOptionsOf(plan)]);
  if (request.isTest && !(user && testModeAllowed(user))) {
    throw new PaymentError('INVALID_ARGUMENT', 'Test mode is not available to this account');
  }
  const option = options.find((candidate) => candidate.planName === request.planName);
  if (!option || request.currency !== session.currency) {
    throw new PaymentError('INCONSISTENCY', 'The eraser does not match the session');
  }
  const chosen: PayMethod =
    request.payMethod === 'card' && request.pg === providerChannel('paypal', session.currency).pg
      ? 'paypal'
      : request.payMethod;
  if (!eraserMethods(session.language, session.currency).includes(chosen)) {
    throw new PaymentError('INVALID_ARGUMENT', `${request.payMethod} is not offered for an eraser`);
  }
  const pg = providerChannel(chosen as Exclude<PayMethod, 'naver_pay'>, session.currency).pg;
  if (request.pg !== pg) throw new PaymentError('INVALID_ARGUMENT', `${chosen} is paid on ${pg}`);
  const price = eraserPrice(option, session.currency);
  const charge = orderCharge(price, session.currency, request.isTest);
  if (charge.kind !== 'payable') throw new PaymentError('INVALID_PRICE', `${price} cannot be paid`);
  if (!samePrice(request.price, price, session.currency)) {
    throw new PaymentError('INVALID_PRICE', 'The price differs from the price of the eraser');
  }
  const merchantUid = newMerchantUid('eraser');
  const created = await createOrder({
    merchantUid,
    guid: session.guid,
    uid: session.uid,
    ...(session.cid ? { cid: session.cid } : {}),
    clientType: session.clientType,
    language: session.language,
    paymentType: 'eraser',
    planId: plan.planId,
    usageType: option.usageType,
    planName: option.planName,
    planType: option.planType,
    period: plan.period,
    catalogue: plan.catalogue,
    currency: session.currency,
    payMethod: serverPayMethod(chosen),
    pg,
    listPrice: price,
    finalPrice: price,
    amount: charge.amount,
    isTest: request.isTest,
    userName: request.userName,
    userEmail: request.userEmail,
    userPhone: request.userPhone,
  });
  if (created !== 'created') throw new PaymentError('DB_ERROR', 'The order could not be stored');
  await notePaymentSessionOrder(session.guid, merchantUid, 'created');
  await scheduleRecheck({ merchantUid, status: 'created', created: nowMs() });
  return { merchantUid, amount: charge.amount };
}
