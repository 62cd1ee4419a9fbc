import type { ClientType } from '../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { billingKeyCheckoutUid } from '../../../shared/orders/order-rules.ts';
import type { SessionInfo } from '../../../shared/orders/session-info.ts';
import { newCustomerUid, newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { KEY_ISSUED_WITH_PAYMENT_PGS, WALLET_PAY_METHOD } from '../../../shared/payments/pay-methods.ts';
import { renewalPrice } from '../../../shared/subscriptions/renewal-reminder.ts';
import {
  deleteBillingKey,
  findPaymentByMerchantUid,
  getBillingKey,
} from '../adapters/payment-provider/portone.ts';
import { nowMs } from '../clock.ts';
import {
  completeChangeCard,
  createChangeCardRequest,
  failChangeCard,
  getChangeCardRequest,
} from '../data/change-card-repository.ts';
import {
  getPayment,
  getUserPlan,
  getUserPlanHead,
  latestUserPlan,
  type UserPlan,
} from '../data/user-plan-repository.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { sessionInfoOf } from '../orders/session-pricing.ts';
import { sessionContextOf, sessionOf, storeSession, verifiedUser } from '../orders/session-store.ts';

/**
 * A change of card: the subscription's billing key is replaced by a new one the customer registers on
 * the provider's checkout. The plan keeps its key until the provider confirms it holds the new one;
 * then, in one transaction, the request is done and the plan's key is the new one, and the old key is
 * deleted at the provider. Only a live subscription paid by billing key has a card to change (PAID, or
 * HOLD: a failing renewal is exactly when a customer needs a new card); a wallet plan changes its card
 * on the wallet. A channel that issues a key only with a payment (Paymentwall) cannot issue a new one
 * without charging: its plans have no card to change here.
 */
function changeableCard(plan: UserPlan | undefined, now: number): plan is UserPlan & { customerUid: string } {
  return Boolean(
    plan?.isSubscription &&
      plan.expiredAt > now &&
      (plan.planStatus === 'PAID' || plan.planStatus === 'HOLD') &&
      plan.payMethod !== WALLET_PAY_METHOD &&
      !KEY_ISSUED_WITH_PAYMENT_PGS.includes(plan.pg) &&
      plan.customerUid,
  );
}

export async function openChangeCardSession(input: {
  uid: string;
  cid?: string | undefined;
  clientType: ClientType;
  language: SiteLanguage;
}): Promise<{ guid: string; sessionInfo: SessionInfo }> {
  const user = await verifiedUser(input.uid);
  const plan = await latestUserPlan(user.uid);
  if (!plan || plan.expiredAt <= nowMs()) {
    throw new PaymentError('USER_NOT_SUBSCRIBED', 'The account holds no plan');
  }
  if (!changeableCard(plan, nowMs())) {
    throw new PaymentError('INVALID_ARGUMENT', `${plan.planName} has no card to change`);
  }
  const session = await storeSession({
    ...input,
    uid: user.uid,
    createdStatus: 'init',
    purpose: 'change-card',
    planId: plan.planId,
    catalogue: plan.catalogue,
    planName: plan.planName,
    currency: plan.currency,
  });
  const ctx = await sessionContextOf(session, { user });
  return { guid: session.guid, sessionInfo: sessionInfoOf(ctx, false) };
}

/** The session's plan, while it is still the account's current plan with a card to change. */
async function planOfSession(guid: string) {
  const session = await sessionOf(guid, 'open', ['change-card']);
  const [plan, head] = await Promise.all([
    getUserPlan(session.uid, session.planId ?? ''),
    getUserPlanHead(session.uid),
  ]);
  if (!changeableCard(plan, nowMs()) || head?.currentPlanId !== plan.planId) {
    throw new PaymentError('USER_NOT_SUBSCRIBED', 'The plan has no card to change any more');
  }
  return { session, plan };
}

export async function insertChangeCardProgress(request: { guid: string; customerUid?: string | undefined }) {
  const { session, plan } = await planOfSession(request.guid);
  if (request.customerUid && request.customerUid !== plan.customerUid) {
    throw new PaymentError('INCONSISTENCY', 'The billing key is not the plan’s');
  }
  const payment = await getPayment(plan.paidMerchantUid ?? plan.planId);
  if (!payment) throw new PaymentError('DB_ERROR', `No payment for ${plan.planId}`);
  const merchantUid = newMerchantUid('change-card');
  const customerUid = newCustomerUid();
  await createChangeCardRequest({
    merchantUid,
    guid: session.guid,
    uid: plan.uid,
    planId: plan.planId,
    previousCustomerUid: plan.customerUid,
    customerUid,
  });
  return {
    changeCardData: {
      planName: plan.planName,
      merchantUid,
      userEmail: payment.userEmail,
      userName: payment.userName,
      userPhone: payment.userPhone,
      currency: plan.currency,
      pg: plan.pg,
      price: renewalPrice(plan),
      clientType: session.clientType,
    },
    checkoutMerchantUid: billingKeyCheckoutUid(merchantUid),
    customerUid,
  };
}

type ChangeCardResult = { result: 'success' } | { result: 'error'; errorCode?: string; errorMsg: string };

function resultOf(request: {
  status: string;
  failureCode?: string;
  failureMessage?: string;
}): ChangeCardResult {
  if (request.status === 'done') return { result: 'success' };
  return {
    result: 'error',
    ...(request.failureCode ? { errorCode: request.failureCode } : {}),
    errorMsg: request.failureMessage ?? '',
  };
}

export async function confirmChangeCard(input: {
  guid: string;
  merchantUid: string;
}): Promise<ChangeCardResult> {
  const request = await getChangeCardRequest(input.merchantUid);
  if (!request || request.guid !== input.guid) {
    throw new PaymentError('NO_PAYMENT_PROGRESS', 'No such change of card in this session');
  }
  if (request.status === 'done') {
    // Asked again after the change: the old key, if its deletion never happened, is deleted now.
    if (await getBillingKey(request.previousCustomerUid))
      await removeKey(request.previousCustomerUid, request.merchantUid);
    return resultOf(request);
  }
  if (request.status !== 'created') return resultOf(request);
  const key = await getBillingKey(request.customerUid);
  if (!key) {
    // The checkout's own failure (a declined card, an abandoned checkout) is the change's, as the
    // provider recorded it: the page's return is no evidence either way.
    const checkout = await findPaymentByMerchantUid(billingKeyCheckoutUid(request.merchantUid));
    const failed = await failChangeCard(
      request.merchantUid,
      (checkout?.status === 'failed' && checkout.failure) || {
        message: 'The card was not registered at the payment provider',
      },
    );
    return resultOf(failed ?? (await getChangeCardRequest(request.merchantUid)) ?? request);
  }
  if (!(await completeChangeCard(request))) {
    const current = await getChangeCardRequest(request.merchantUid);
    if (current && current.status !== 'created') return resultOf(current);
    // The plan's key changed meanwhile (another change of card won): this one is void, its key unused.
    await failChangeCard(request.merchantUid, { message: 'The plan’s card changed meanwhile' });
    await removeKey(request.customerUid, request.merchantUid);
    return resultOf((await getChangeCardRequest(request.merchantUid)) ?? request);
  }
  logger.info('Card changed', { merchantUid: request.merchantUid, planId: request.planId });
  await removeKey(request.previousCustomerUid, request.merchantUid);
  return { result: 'success' };
}

/** Deletes a key no plan uses any more; a failure leaves an unused key at the provider, logged for an operator. */
async function removeKey(customerUid: string, merchantUid: string): Promise<void> {
  await deleteBillingKey(customerUid, 'card changed').catch((error: unknown) =>
    logger.warn('An unused billing key could not be deleted', { customerUid, merchantUid, error }),
  );
}
