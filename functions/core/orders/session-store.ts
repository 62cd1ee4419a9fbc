import { randomBytes } from 'node:crypto';
import { currencyForLanguage } from '../../../shared/currency.ts';
import type { ClientType } from '../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import {
  OPERATOR_SESSION_LIFETIME_MS,
  SESSION_KEPT_AFTER_EXPIRY_MS,
  SESSION_LIFETIME_MS,
} from '../../../shared/orders/order-rules.ts';
import type { SessionInfo } from '../../../shared/orders/session-info.ts';
import { offeredPlanPrices } from '../../../shared/plans/plans-offered.ts';
import { nowMs } from '../clock.ts';
import { findConfigByName } from '../data/config-repository.ts';
import { getCouponRules } from '../data/coupon-repository.ts';
import type { PAYMENT_SESSION_STATUSES, SessionPurpose } from '../data/entities/payment-session.ts';
import {
  createPaymentSession,
  getPaymentSession,
  type NewPaymentSession,
  type PaymentSession,
} from '../data/payment-session-repository.ts';
import { catalogueFor, getPlanCatalogue, type PlanCatalogue } from '../data/plan-catalogue-repository.ts';
import { getPreregistration } from '../data/preregistration-repository.ts';
import type { AdminActivity } from '../data/user-activity-repository.ts';
import { activeUserPlan, getPayment, getUserPlan, getUserPlanHead } from '../data/user-plan-repository.ts';
import { getUser, type User } from '../data/user-repository.ts';
import { PaymentError } from '../errors.ts';
import { isVerified } from '../identity/user-info.ts';
import {
  isNewOrder,
  planOrRefuse,
  type SessionContext,
  sessionContext,
  sessionInfoOf,
  type UpgradeContext,
  upgradeContext,
} from './session-pricing.ts';

/**
 * The payment session store: opening a session, storing it, and reading it back with what its prices
 * need (session-pricing.ts prices it). A session stores choices only; each read prices them afresh
 * from the catalogue and the coupon, so nothing the browser holds is trusted.
 */

/** The config entry that turns the wallet off for new orders ('off'); anything else leaves it on. */
export const WALLET_CONFIG = 'naver-pay-recurring';

/** 192 random bits, URL-safe: 32 characters, what the guid routes accept. */
export function newGuid(): string {
  return randomBytes(24).toString('base64url');
}

/**
 * The account a session is opened for: it must exist and be verified (a minor's parent too). A caller
 * that has read the account already hands it over.
 */
export async function verifiedUser(uid: string, read?: User): Promise<User> {
  const user = read ?? (await getUser(uid));
  if (!user || user.deleted) throw new PaymentError('AUTHORIZATION', 'No such account');
  if (!isVerified(user)) throw new PaymentError('USER_VERIFICATION_NEEDED', 'The account is not verified');
  return user;
}

/**
 * Opens a session for an account and answers what it built (the stored session and its info, read
 * from nothing but the catalogue, the wallet switch and the preregistration). Refused for an
 * unverified account (and a minor whose parent has not verified), and, for a customer's own session,
 * while the account holds an active plan: the answer names it so that the site can send a subscriber
 * to the upgrade pages and stop a pass holder.
 */
export async function openPaymentSession(input: {
  uid: string;
  /** The account, when the caller has read it already (an operator's order link). */
  user?: User;
  cid?: string | undefined;
  clientType: ClientType;
  language: SiteLanguage;
  planName?: string | undefined;
  priceVersion?: string | undefined;
  createdStatus?: Exclude<(typeof PAYMENT_SESSION_STATUSES)[number], 'init_custom_upgrade'>;
  /** An operator's link names the catalogue of its plan (any catalogue, legacy and custom included). */
  catalogue?: string;
  desc?: string;
  createdBy?: string;
  /** The operator's action, recorded in the account's activities in the session's own transaction. */
  activity?: AdminActivity;
}): Promise<{ guid: string; session: PaymentSession; sessionInfo: SessionInfo; context: SessionContext }> {
  const createdStatus = input.createdStatus ?? 'init';
  const user = await verifiedUser(input.uid, input.user);
  const now = nowMs();
  if (createdStatus === 'init') {
    const active = await activeUserPlan(user.uid, now);
    if (active) {
      throw new PaymentError('USER_ALREADY_SUBSCRIBED', `The account holds ${active.planName}`, {
        planName: active.planName,
        isSubscription: active.isSubscription,
      });
    }
  }
  const { catalogue, ...plans } = input.catalogue
    ? { catalogue: input.catalogue, ...(await getPlanCatalogue(input.catalogue)) }
    : await catalogueFor(user.referralType);
  const offered =
    createdStatus === 'init' ? offeredPlanPrices(plans.prices, input.priceVersion) : plans.prices;
  const plan = input.planName ? planOrRefuse(offered, input.planName) : offered[0];
  if (!plan) throw new PaymentError('INVALID_ARGUMENT', 'The catalogue offers no plan');
  const session = await storeSession(
    {
      ...input,
      uid: user.uid,
      createdStatus,
      purpose: 'order',
      catalogue,
      planName: plan.name,
      currency: currencyForLanguage(input.language),
    },
    input.activity,
  );
  const ctx = await sessionContextOf(session, { user, catalogue: plans });
  return { guid: session.guid, session, sessionInfo: sessionInfoOf(ctx, false), context: ctx };
}

/** Stores a new session, live 24 hours (an operator's link 14 days); answers it as stored. */
export async function storeSession(
  input: Pick<
    NewPaymentSession,
    | 'uid'
    | 'cid'
    | 'clientType'
    | 'language'
    | 'createdStatus'
    | 'purpose'
    | 'planId'
    | 'catalogue'
    | 'planName'
    | 'currency'
    | 'priceVersion'
    | 'desc'
    | 'createdBy'
  >,
  /** An operator's action, recorded in the account's activities in the session's own transaction. */
  activity?: AdminActivity,
): Promise<PaymentSession> {
  const expiresAt =
    nowMs() + (input.createdStatus === 'init' ? SESSION_LIFETIME_MS : OPERATOR_SESSION_LIFETIME_MS);
  return createPaymentSession(
    {
      guid: newGuid(),
      uid: input.uid,
      ...(input.cid ? { cid: input.cid } : {}),
      clientType: input.clientType,
      language: input.language,
      createdStatus: input.createdStatus,
      purpose: input.purpose,
      ...(input.planId ? { planId: input.planId } : {}),
      catalogue: input.catalogue,
      ...(input.priceVersion ? { priceVersion: input.priceVersion } : {}),
      planName: input.planName,
      currency: input.currency,
      ...(input.desc ? { desc: input.desc } : {}),
      ...(input.createdBy ? { createdBy: input.createdBy } : {}),
      expiresAt,
      ttl: Math.ceil((expiresAt + SESSION_KEPT_AFTER_EXPIRY_MS) / 1000),
    },
    activity,
  );
}

/**
 * A session with everything its prices need. 'open' refuses a lapsed session (EXPIRED): choices and
 * new orders need a live one; 'any' serves the result pages, which confirm orders already made. A
 * guid that names nothing is EXPIRED too: once a lapsed session's record is gone the two cannot be
 * told apart, and the customer's next step is the same (start again).
 */
export async function readSession(
  guid: string,
  state: 'open' | 'any',
  purposes: readonly SessionPurpose[] = ['order'],
): Promise<SessionContext> {
  return sessionContextOf(await sessionOf(guid, state, purposes));
}

/** A session as stored, checked for its purpose and, for 'open', its lifetime. */
export async function sessionOf(
  guid: string,
  state: 'open' | 'any',
  purposes: readonly SessionPurpose[],
): Promise<PaymentSession> {
  const session = await getPaymentSession(guid);
  if (!session) throw new PaymentError('EXPIRED', 'The payment session has expired');
  if (!purposes.includes(session.purpose ?? 'order')) {
    throw new PaymentError('INVALID_ARGUMENT', `The payment session is for ${session.purpose}`);
  }
  if (state === 'open' && session.expiresAt <= nowMs())
    throw new PaymentError('EXPIRED', 'The payment session has expired');
  return session;
}

/**
 * Reads what a stored session's prices need, except what the caller knows already (the account and
 * the catalogue it has just read), and prices it.
 */
export async function sessionContextOf(
  session: PaymentSession,
  known: { user?: User; catalogue?: PlanCatalogue } = {},
): Promise<SessionContext> {
  const now = nowMs();
  const [user, catalogue, coupon, walletConfig, upgrade, preregistration] = await Promise.all([
    known.user ?? getUser(session.uid),
    known.catalogue ?? getPlanCatalogue(session.catalogue),
    session.couponCode ? getCouponRules(session.couponCode) : undefined,
    findConfigByName(WALLET_CONFIG),
    session.purpose === 'upgrade' ? upgradeOf(session, now) : undefined,
    // Only a new order may take the preregistration discount (preregistrationRate): no read otherwise.
    isNewOrder(session) ? getPreregistration(session.uid) : undefined,
  ]);
  return sessionContext(
    session,
    { user, catalogue, coupon, walletSwitch: walletConfig?.value, upgrade, preregistration },
    now,
  );
}

async function upgradeOf(session: PaymentSession, now: number): Promise<UpgradeContext> {
  const [replaced, head] = await Promise.all([
    getUserPlan(session.uid, session.planId ?? ''),
    getUserPlanHead(session.uid),
  ]);
  const payment = replaced ? await getPayment(replaced.paidMerchantUid ?? replaced.planId) : undefined;
  return upgradeContext({ replaced, head, payment }, now);
}
