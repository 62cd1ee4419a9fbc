import type { ClientType } from '../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import type { SessionInfo } from '../../../shared/orders/session-info.ts';
import { newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { WALLET_PAY_METHOD } from '../../../shared/payments/pay-methods.ts';
import type { PlanPriceInfo } from '../../../shared/plans/plan-types.ts';
import { upgradeTargets } from '../../../shared/plans/upgrade-rules.ts';
import { planActions } from '../../../shared/subscriptions/plan-actions.ts';
import { nowMs } from '../clock.ts';
import { getOrder } from '../data/order-reads.ts';
import { claimOrderForCharge, createOrder } from '../data/order-repository.ts';
import { getPaymentSession, notePaymentSessionOrder } from '../data/payment-session-repository.ts';
import { DEFAULT_CATALOGUE, getPlanCatalogue } from '../data/plan-catalogue-repository.ts';
import { latestUserPlan } from '../data/user-plan-repository.ts';
import { PaymentError } from '../errors.ts';
import { chargeClaimed, reconcileOrder } from '../orders/charges.ts';
import { type Confirmation, orderResult } from '../orders/confirmation.ts';
import { checkOrderClaims, orderOfSession } from '../orders/order-access.ts';
import { scheduleRecheck } from '../orders/order-recheck-schedule.ts';
import type { ProgressRequest } from '../orders/progress.ts';
import { acceptedPrice, renewalPrice, sessionInfoOf, testModeAllowed } from '../orders/session-pricing.ts';
import { readSession, sessionContextOf, storeSession, verifiedUser } from '../orders/session-store.ts';

/**
 * Opens an upgrade session (create-init-plan-upgrade) for the account's current subscription: refused
 * without one (USER_NOT_SUBSCRIBED), for a fixed-term pass or a plan with nothing above it
 * (UPGRADE_NOT_ALLOWED, naming the plan). The session sells the sold (V3)
 * subscriptions the plan may upgrade to, in the plan's currency, at their price less the credit for
 * the unused part of the plan.
 */
export async function openUpgradeSession(input: {
  uid: string;
  cid?: string | undefined;
  clientType: ClientType;
  language: SiteLanguage;
  planName?: string | undefined;
}): Promise<{ guid: string; sessionInfo: SessionInfo }> {
  const user = await verifiedUser(input.uid);
  const latest = await latestUserPlan(user.uid);
  if (!latest || latest.expiredAt <= nowMs()) {
    throw new PaymentError('USER_NOT_SUBSCRIBED', 'The account holds no plan to upgrade');
  }
  const catalogue = await getPlanCatalogue(DEFAULT_CATALOGUE);
  const targets = upgradeTargets(latest, catalogue.prices);
  if (!planActions(latest, nowMs()).upgrade || targets.length === 0) {
    throw new PaymentError('UPGRADE_NOT_ALLOWED', `${latest.planName} cannot be upgraded`, {
      planName: latest.planName,
      isSubscription: latest.isSubscription,
    });
  }
  const plan = (input.planName && targets.find((target) => target.name === input.planName)) || targets[0];
  const session = await storeSession({
    ...input,
    uid: user.uid,
    createdStatus: 'init',
    purpose: 'upgrade',
    planId: latest.planId,
    catalogue: DEFAULT_CATALOGUE,
    planName: (plan as PlanPriceInfo).name,
    currency: latest.currency,
  });
  const ctx = await sessionContextOf(session, { user, catalogue });
  return { guid: session.guid, sessionInfo: sessionInfoOf(ctx, false) };
}

/**
 * An upgrade's merchant order (insert-payment-progress with isUpgrade): the new plan at its price less
 * the credit for the unused part of the plan it replaces, both computed here. It is paid the way the
 * replaced plan is paid, without a checkout: on the plan's billing key (create-billing-key-payment) or
 * on its wallet registration (upgrade-recurrent-naver-pay). The contact is the replaced plan's payer:
 * the upgrade page asks only the final confirmations. Whether the replaced plan is still current is
 * checked again at the grant, in the grant's transaction.
 */
export async function insertUpgradeProgress(request: ProgressRequest) {
  const stored = await getPaymentSession(request.guid);
  if (stored && stored.purpose !== 'upgrade') {
    throw new PaymentError('UPGRADE_NOT_ALLOWED', 'Upgrades are ordered from an upgrade session');
  }
  const ctx = await readSession(request.guid, 'open', ['upgrade']);
  const { session, plan, user } = ctx;
  const upgrade = ctx.upgrade as NonNullable<typeof ctx.upgrade>;
  const { replaced } = upgrade;
  if (request.isTest && !testModeAllowed(user)) {
    throw new PaymentError('INVALID_ARGUMENT', 'Test mode is not available to this account');
  }
  if (request.planName !== plan.name || request.currency !== session.currency || request.couponCode) {
    throw new PaymentError('INCONSISTENCY', 'The order does not match the upgrade session');
  }
  // The upgrade is charged where the plan is: its method and channel are the plan's, not a new choice.
  if (request.payMethod !== replaced.payMethod) {
    throw new PaymentError('INVALID_ARGUMENT', `The plan is paid by ${replaced.payMethod}`);
  }
  const isWallet = replaced.payMethod === WALLET_PAY_METHOD;
  if (isWallet ? !replaced.recurrentId : !replaced.customerUid) {
    throw new PaymentError('UPGRADE_NOT_ALLOWED', 'The plan has no recurring payment to charge');
  }
  const price = acceptedPrice(ctx, request.price, request.isTest);

  const merchantUid = newMerchantUid('upgrade');
  const created = await createOrder({
    merchantUid,
    guid: session.guid,
    uid: user.uid,
    ...(session.cid ? { cid: session.cid } : {}),
    clientType: session.clientType,
    language: session.language,
    paymentType: 'upgrade',
    planId: replaced.planId,
    planExpiredAt: replaced.expiredAt,
    credit: price.credit,
    planName: plan.name,
    planType: plan.planType,
    period: plan.period,
    catalogue: session.catalogue,
    currency: session.currency,
    payMethod: replaced.payMethod,
    pg: replaced.pg,
    listPrice: price.listPrice,
    finalPrice: price.finalPrice,
    amount: price.amount,
    renewalPrice: renewalPrice(ctx),
    isTest: request.isTest,
    ...(isWallet ? { recurrentId: replaced.recurrentId } : { customerUid: replaced.customerUid }),
    userName: upgrade.paidUser.name,
    userEmail: upgrade.paidUser.email,
    userPhone: upgrade.paidUser.phone,
    ...(request.buyerIp ? { buyerIp: request.buyerIp } : {}),
  });
  if (created !== 'created') throw new PaymentError('DB_ERROR', 'The order could not be stored');
  await notePaymentSessionOrder(session.guid, merchantUid, 'created');
  await scheduleRecheck({ merchantUid, status: 'created', created: nowMs() });
  return {
    merchantUid,
    checkoutMerchantUid: merchantUid,
    amount: price.amount,
    ...(isWallet ? {} : { customerUid: replaced.customerUid }),
  };
}

/**
 * A wallet upgrade (upgrade-recurrent-naver-pay): one caller claims the order and charges the replaced
 * plan's recurring registration; any other caller, concurrent or repeated, gets the order's outcome.
 */
export async function upgradeWalletSubscription(request: {
  guid: string;
  merchantUid: string;
  price?: number | undefined;
  isTest?: boolean | undefined;
}): Promise<Confirmation> {
  const order = await orderOfSession(request.guid, request.merchantUid);
  if (order.paymentType !== 'upgrade' || order.payMethod !== WALLET_PAY_METHOD || !order.recurrentId) {
    throw new PaymentError('INVALID_ARGUMENT', 'The order is not a wallet upgrade');
  }
  checkOrderClaims(order, request);
  if (order.status !== 'created') return reconcileOrder(order);
  const claimed = await claimOrderForCharge(order.merchantUid);
  if (!claimed) return orderResult((await getOrder(order.merchantUid)) ?? order);
  return chargeClaimed(claimed);
}
