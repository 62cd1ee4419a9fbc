import { randomBytes } from 'node:crypto';
import { couponInputAllowed } from '../../../shared/coupons/coupon-rules.ts';
import {
  type Currency,
  currencyForLanguage,
  fromMinorUnits,
  toMinorUnits,
} from '../../../shared/currency.ts';
import type { ClientType } from '../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { orderCharge, orderPrice } from '../../../shared/orders/order-price.ts';
import {
  currencyOptions,
  OPERATOR_SESSION_LIFETIME_MS,
  SESSION_KEPT_AFTER_EXPIRY_MS,
  SESSION_LIFETIME_MS,
} from '../../../shared/orders/order-rules.ts';
import type { PlanUpgradeData, SessionInfo } from '../../../shared/orders/session-info.ts';
import { WALLET_PAY_METHOD } from '../../../shared/payments/pay-methods.ts';
import { type Partner, partnerOf } from '../../../shared/plans/partners.ts';
import { PLAN_TYPES, type PlanPriceInfo, type PlanUsageInfo } from '../../../shared/plans/plan-types.ts';
import {
  type AccountType,
  offeredPlanPrices,
  planForChoice,
  planTypesOffered,
} from '../../../shared/plans/plans-offered.ts';
import { upgradeTargets } from '../../../shared/plans/upgrade-rules.ts';
import { upgradeCredit } from '../../../shared/refunds/refund-rules.ts';
import { planActions } from '../../../shared/subscriptions/plan-actions.ts';
import { nowMs } from '../clock.ts';
import { checkCoupon, couponInfoOf, couponRefusalError } from '../coupons/coupons.ts';
import { findConfigByName } from '../data/config-repository.ts';
import type { CouponRules } from '../data/coupon-repository.ts';
import { getCouponRules } from '../data/coupon-repository.ts';
import type { PAYMENT_SESSION_STATUSES, SessionPurpose } from '../data/entities/payment-session.ts';
import {
  createPaymentSession,
  getPaymentSession,
  type NewPaymentSession,
  type PaymentSession,
  updatePaymentSession,
} from '../data/payment-session-repository.ts';
import {
  catalogueFor,
  DEFAULT_CATALOGUE,
  getPlanCatalogue,
  planUsageFor,
} from '../data/plan-catalogue-repository.ts';
import { getPreregistration } from '../data/preregistration-repository.ts';
import type { AdminActivity } from '../data/user-activity-repository.ts';
import {
  activeUserPlan,
  getPayment,
  getUserPlan,
  getUserPlanHead,
  latestUserPlan,
  type UserPlan,
} from '../data/user-plan-repository.ts';
import { getUser, type User } from '../data/user-repository.ts';
import { PaymentError } from '../errors.ts';
import { isVerified } from '../identity/user-info.ts';
import { settings } from '../settings.ts';

/**
 * Payment sessions: opening one, reading it back with every price computed, and the recomputes the
 * order pages ask for (plan, currency, account type, coupon). The session stores choices only; each
 * read prices them afresh from the catalogue and the coupon, so nothing the browser holds is trusted.
 */

/** The config entry that turns the wallet off for new orders ('off'); anything else leaves it on. */
export const WALLET_CONFIG = 'naver-pay-recurring';

export interface SessionContext {
  session: PaymentSession;
  user: User;
  prices: PlanPriceInfo[];
  usages: PlanUsageInfo[];
  /** The plans this session may choose among (the plan types offered, every period). */
  offered: PlanPriceInfo[];
  plan: PlanPriceInfo;
  usage: PlanUsageInfo;
  /** The account's referral partner, when its rate applies to this catalogue. */
  partner: Partner | undefined;
  /** The session's coupon while it is in its window, with its rules. */
  coupon: CouponRules | undefined;
  /** The rate of the account's unused preregistration coupon (an operator's), if it has one. */
  preregistrationPercent: number | undefined;
  walletAllowed: boolean;
  /** For an upgrade session: the plan replaced, its credit, and who paid for it. */
  upgrade: UpgradeContext | undefined;
}

export interface UpgradeContext {
  replaced: UserPlan;
  credit: number;
  paidUser: { name: string; email: string; phone: string };
}

/** 192 random bits, URL-safe: 32 characters, what the guid routes accept. */
export function newGuid(): string {
  return randomBytes(24).toString('base64url');
}

/** Whether an operator opened the session (an order link, admin-console.md payment progress). */
function isOperatorLink(session: Pick<PaymentSession, 'createdStatus'>): boolean {
  return session.createdStatus !== 'init';
}

/**
 * The plans a session may choose among: an operator's order link sells exactly the plan the operator
 * chose (from whichever catalogue holds it); a customer's own session what its catalogue offers.
 */
function offeredFor(
  session: Pick<PaymentSession, 'priceVersion' | 'accountType' | 'createdStatus' | 'planName'>,
  prices: PlanPriceInfo[],
) {
  if (isOperatorLink(session)) return prices.filter((plan) => plan.name === session.planName);
  return offeredPlanPrices(prices, session.priceVersion, session.accountType);
}

function planOrRefuse(offered: readonly PlanPriceInfo[], planName: string): PlanPriceInfo {
  const plan = offered.find((candidate) => candidate.name === planName);
  if (!plan)
    throw new PaymentError('INVALID_ARGUMENT', `The plan ${planName} is not offered in this session`);
  return plan;
}

/** Whether test mode may be used: anywhere but the release level, and there by operators only. */
export function testModeAllowed(user: User): boolean {
  return settings.stage !== 'release' || (user.adminLevel ?? 0) >= 1;
}

/**
 * Opens a session for an account. Refused for an unverified account (and a minor whose parent has
 * not verified), and, for a customer's own session, while the account holds an active plan: the
 * answer names it so that the site can send a subscriber to the upgrade pages and stop a pass holder.
 * An operator's upgrade link (init_custom_upgrade) opens an upgrade session.
 */
export async function openPaymentSession(input: {
  uid: string;
  cid?: string | undefined;
  clientType: ClientType;
  language: SiteLanguage;
  planName?: string | undefined;
  priceVersion?: string | undefined;
  createdStatus?: (typeof PAYMENT_SESSION_STATUSES)[number];
  /** An operator's link names the catalogue of its plan (any catalogue, legacy and custom included). */
  catalogue?: string;
  desc?: string;
  createdBy?: string;
  /** The operator's action, recorded in the account's activities in the session's own transaction. */
  activity?: AdminActivity;
}): Promise<{ guid: string; sessionInfo: SessionInfo }> {
  const createdStatus = input.createdStatus ?? 'init';
  if (createdStatus === 'init_custom_upgrade') return openUpgradeSession({ ...input, createdStatus });
  const user = await verifiedUser(input.uid);
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
  const { catalogue, prices } = input.catalogue
    ? { catalogue: input.catalogue, ...(await getPlanCatalogue(input.catalogue)) }
    : await catalogueFor(user.referralType);
  const offered = createdStatus === 'init' ? offeredPlanPrices(prices, input.priceVersion) : prices;
  const plan = input.planName ? planOrRefuse(offered, input.planName) : offered[0];
  if (!plan) throw new PaymentError('INVALID_ARGUMENT', 'The catalogue offers no plan');
  const guid = await storeSession(
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
  return { guid, sessionInfo: sessionInfoOf(await readSession(guid, 'open'), false) };
}

/**
 * Opens an upgrade session (create-init-plan-upgrade, or an operator's upgrade link) for the account's
 * current subscription: refused without one (USER_NOT_SUBSCRIBED), for a fixed-term pass or a plan
 * with nothing above it (UPGRADE_NOT_ALLOWED, naming the plan). The session sells the sold (V3)
 * subscriptions the plan may upgrade to, in the plan's currency, at their price less the credit for
 * the unused part of the plan.
 */
export async function openUpgradeSession(input: {
  uid: string;
  cid?: string | undefined;
  clientType: ClientType;
  language: SiteLanguage;
  planName?: string | undefined;
  createdStatus?: (typeof PAYMENT_SESSION_STATUSES)[number];
  desc?: string;
  createdBy?: string;
}): Promise<{ guid: string; sessionInfo: SessionInfo }> {
  const user = await verifiedUser(input.uid);
  const latest = await latestUserPlan(user.uid);
  if (!latest || latest.expiredAt <= nowMs()) {
    throw new PaymentError('USER_NOT_SUBSCRIBED', 'The account holds no plan to upgrade');
  }
  const { prices } = await getPlanCatalogue(DEFAULT_CATALOGUE);
  const targets = upgradeTargets(latest, prices);
  if (!planActions(latest, nowMs()).upgrade || targets.length === 0) {
    throw new PaymentError('UPGRADE_NOT_ALLOWED', `${latest.planName} cannot be upgraded`, {
      planName: latest.planName,
      isSubscription: latest.isSubscription,
    });
  }
  const plan = (input.planName && targets.find((target) => target.name === input.planName)) || targets[0];
  const guid = await storeSession({
    ...input,
    uid: user.uid,
    createdStatus: input.createdStatus ?? 'init',
    purpose: 'upgrade',
    planId: latest.planId,
    catalogue: DEFAULT_CATALOGUE,
    planName: (plan as PlanPriceInfo).name,
    currency: latest.currency,
  });
  return { guid, sessionInfo: sessionInfoOf(await readSession(guid, 'open', ['upgrade']), false) };
}

/** The account a session is opened for: it must exist and be verified (a minor's parent too). */
export async function verifiedUser(uid: string): Promise<User> {
  const user = await getUser(uid);
  if (!user || user.deleted) throw new PaymentError('AUTHORIZATION', 'No such account');
  if (!isVerified(user)) throw new PaymentError('USER_VERIFICATION_NEEDED', 'The account is not verified');
  return user;
}

/** Stores a new session, live 24 hours (an operator's link 14 days); answers its guid. */
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
): Promise<string> {
  const expiresAt =
    nowMs() + (input.createdStatus === 'init' ? SESSION_LIFETIME_MS : OPERATOR_SESSION_LIFETIME_MS);
  const guid = newGuid();
  await createPaymentSession(
    {
      guid,
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
  return guid;
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
  return contextOf(await sessionOf(guid, state, purposes));
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

async function contextOf(session: PaymentSession): Promise<SessionContext> {
  const [user, catalogue, coupon, walletConfig, upgrade, preregistration] = await Promise.all([
    getUser(session.uid),
    getPlanCatalogue(session.catalogue),
    session.couponCode ? getCouponRules(session.couponCode) : undefined,
    findConfigByName(WALLET_CONFIG),
    session.purpose === 'upgrade' ? upgradeOf(session) : undefined,
    // Only a new order may take the preregistration discount (preregistrationRate): no read otherwise.
    isNewOrder(session) ? getPreregistration(session.uid) : undefined,
  ]);
  if (!user) throw new PaymentError('AUTHORIZATION', 'The session belongs to no account');
  const offered = upgrade
    ? upgradeTargets(upgrade.replaced, catalogue.prices)
    : session.purpose === 'change-card'
      ? catalogue.prices.filter((plan) => plan.name === session.planName)
      : offeredFor(session, catalogue.prices);
  const plan = planOrRefuse(offered, session.planName);
  const usage = planUsageFor(catalogue, plan);
  if (!usage) throw new PaymentError('DB_ERROR', `The catalogue has no usage for ${plan.name}`);
  const partner = partnerOf(user.referralType);
  const now = nowMs();
  const couponLive = coupon && coupon.coupon.startedAt <= now && now <= coupon.coupon.expiredAt;
  return {
    session,
    user,
    prices: catalogue.prices,
    usages: catalogue.usages,
    offered,
    plan,
    usage,
    partner,
    coupon: couponLive ? coupon : undefined,
    preregistrationPercent:
      preregistration && !preregistration.used ? preregistration.discountPercent : undefined,
    walletAllowed: walletConfig?.value.trim().toLowerCase() !== 'off',
    upgrade,
  };
}

/**
 * What an upgrade session upgrades: the plan, as long as it may still be upgraded (not replaced,
 * expired or held meanwhile), the credit for its unused days, and who paid for it (the upgrade's
 * contact: only the final confirmations are asked on the upgrade order page).
 */
async function upgradeOf(session: PaymentSession): Promise<UpgradeContext> {
  const [replaced, head] = await Promise.all([
    getUserPlan(session.uid, session.planId ?? ''),
    getUserPlanHead(session.uid),
  ]);
  const now = nowMs();
  if (!replaced || head?.currentPlanId !== replaced.planId || !planActions(replaced, now).upgrade) {
    throw new PaymentError('UPGRADE_NOT_ALLOWED', 'The plan can no longer be upgraded');
  }
  const payment = await getPayment(replaced.paidMerchantUid ?? replaced.planId);
  if (!payment) throw new PaymentError('DB_ERROR', `No payment for ${replaced.planId}`);
  return {
    replaced,
    credit: upgradeCredit({
      price: replaced.price,
      currency: replaced.currency,
      paidAtMs: replaced.paidAt,
      expiredAtMs: replaced.expiredAt,
      nowMs: now,
    }),
    paidUser: { name: payment.userName, email: payment.userEmail, phone: payment.userPhone },
  };
}

/** The referral rate that applies: a partner's, on the built-in plans (a partner's own plans carry its price). */
function referralRate(ctx: SessionContext): number {
  return ctx.partner && ctx.plan.planType !== 'CUSTOM' ? ctx.partner.discountPercent : 0;
}

const isNewOrder = (session: Pick<PaymentSession, 'purpose'>) => (session.purpose ?? 'order') === 'order';

/**
 * The preregistration rate this order may take: the account's unused preregistration coupon, on a new
 * order of a built-in plan (our decision: it welcomes a first purchase, so neither an upgrade, a card
 * change nor an operator's custom plan, which carries its own price, takes it).
 */
export function preregistrationRate(ctx: SessionContext): number | undefined {
  const applies = isNewOrder(ctx.session) && ctx.plan.planType !== 'CUSTOM';
  return applies ? ctx.preregistrationPercent : undefined;
}

/** The session's price, computed from the catalogue, the partner's rate, the preregistration and the coupon. */
export function sessionPrice(ctx: SessionContext, isTest: boolean) {
  const discount = ctx.coupon?.discounts.find((info) => info.planName === ctx.plan.name);
  const { currency } = ctx.session;
  const price = orderPrice({
    plan: ctx.plan,
    currency,
    referralDiscountPercent: referralRate(ctx),
    preregistrationPercent: preregistrationRate(ctx),
    couponPrice: discount,
  });
  // An upgrade pays the new plan's price less the credit of the plan it replaces.
  const credit = ctx.upgrade?.credit ?? 0;
  const finalPrice = fromMinorUnits(
    Math.max(0, toMinorUnits(price.finalPrice, currency) - toMinorUnits(credit, currency)),
    currency,
  );
  const charge = orderCharge(finalPrice, currency, isTest);
  return { ...price, finalPrice, credit, charge };
}

/**
 * What a subscription renews at: the plan's price with the partner's rate, without the coupon or the
 * preregistration. Their discounts (and a coupon's bonus) are for the first period only (our decision:
 * a coupon is a welcome, not a permanent price).
 */
export function renewalPrice(ctx: SessionContext): number {
  return orderPrice({
    plan: ctx.plan,
    currency: ctx.session.currency,
    referralDiscountPercent: referralRate(ctx),
  }).finalPrice;
}

/** The coupon's bonus quota for the session's plan, if it has one. */
export function sessionBonusQuota(ctx: SessionContext) {
  return ctx.coupon?.bonusQuotas.find((info) => info.planName === ctx.plan.name)?.quota;
}

/** Whether the wallet may be offered: KRW, Korean, a subscription, and not switched off. */
export function walletOffered(ctx: SessionContext): boolean {
  if (ctx.upgrade) return ctx.upgrade.replaced.payMethod === WALLET_PAY_METHOD;
  return (
    ctx.walletAllowed &&
    ctx.session.currency === 'KRW' &&
    ctx.session.language === 'ko' &&
    ctx.plan.isSubscription
  );
}

export function sessionInfoOf(ctx: SessionContext, isTest: boolean): SessionInfo {
  if (isTest && !testModeAllowed(ctx.user)) {
    throw new PaymentError('INVALID_ARGUMENT', 'Test mode is not available to this account');
  }
  const { session, plan, user } = ctx;
  const price = sessionPrice(ctx, isTest);
  const referralApplies = referralRate(ctx) > 0;
  const isCustom = plan.planType === 'CUSTOM';
  // An operator's link sells one plan: no choice of plan type or account type to offer.
  const operatorLink = isOperatorLink(session);
  const bonusQuota = sessionBonusQuota(ctx);
  const preregisteredPercent = preregistrationRate(ctx);
  return {
    guid: session.guid,
    language: session.language,
    clientType: session.clientType,
    isCustom,
    isTest,
    planPriceInfo: plan,
    planUsageInfo: ctx.usage,
    planPriceInfos: ctx.offered,
    planTypesOffered: ctx.upgrade
      ? PLAN_TYPES.filter((type) => ctx.offered.some((offered) => offered.planType === type))
      : operatorLink
        ? [plan.planType]
        : planTypesOffered({
            catalogue: ctx.prices,
            accountType: session.accountType,
            priceVersion: session.priceVersion,
          }),
    currency: session.currency,
    currencyOptions: currencyOptions(session.language),
    ...(user.referralType ? { referralType: user.referralType } : {}),
    ...(user.referralCode ? { referralCode: user.referralCode } : {}),
    ...(ctx.partner && (referralApplies || isCustom)
      ? {
          referral: {
            label: ctx.partner.label,
            discountPercent: referralRate(ctx),
            priceDisplay: ctx.partner.priceDisplay,
          },
        }
      : {}),
    ...(session.priceVersion ? { priceVersion: session.priceVersion } : {}),
    ...(preregisteredPercent ? { preregisteredPercent } : {}),
    showNaverPay: walletOffered(ctx),
    accountInfo: { userName: user.name, email: user.email },
    showAccountType: !isCustom && !referralApplies && !ctx.upgrade && !operatorLink,
    ...(session.accountType ? { accountType: session.accountType } : {}),
    couponAllowed: !isCustom && !ctx.upgrade && couponInputAllowed(plan),
    ...(ctx.upgrade ? { planUpgradeData: planUpgradeDataOf(ctx.upgrade) } : {}),
    ...(ctx.coupon ? { couponInfo: couponInfoOf(ctx.coupon, ctx.offered) } : {}),
    ...(bonusQuota ? { bonusQuota } : {}),
    price: {
      listPrice: price.listPrice,
      finalPrice: price.finalPrice,
      discountRate: price.discountRate,
      discountSource: price.discountSource,
      chargedPrice: price.charge.kind === 'payable' ? price.charge.amount : 0,
      payable: price.charge.kind === 'payable',
      credit: price.credit,
    },
    expiresAt: session.expiresAt,
  };
}

/** Plan upgrade data (site-and-payments.md section 3; previousPlanPerod is the specification's spelling). */
function planUpgradeDataOf(upgrade: UpgradeContext): PlanUpgradeData {
  const { replaced } = upgrade;
  return {
    previousPrice: replaced.price,
    previousPlanName: replaced.planName,
    previousPlanType: replaced.planType,
    previousPlanPerod: replaced.period,
    previousCurrency: replaced.currency,
    previousPayMethod: replaced.payMethod,
    refundAmount: upgrade.credit,
    ...(replaced.customerUid ? { customerUid: replaced.customerUid } : {}),
    paidUserInfo: upgrade.paidUser,
  };
}

/** Whether the session's coupon covers a plan (a discount or a bonus quota for it). */
function couponCovers(coupon: CouponRules | undefined, planName: string): boolean {
  return Boolean(
    coupon && [...coupon.discounts, ...coupon.bonusQuotas].some((info) => info.planName === planName),
  );
}

/** Stores new choices (dropping a coupon that does not cover the plan chosen) and prices them again. */
async function recompute(
  ctx: SessionContext,
  choices: Parameters<typeof updatePaymentSession>[1],
  isTest: boolean,
): Promise<SessionInfo> {
  const planName = choices.planName ?? ctx.session.planName;
  const keepsCoupon = 'couponCode' in choices || couponCovers(ctx.coupon, planName);
  const stored = await updatePaymentSession(ctx.session.guid, {
    ...choices,
    ...(keepsCoupon ? {} : { couponCode: undefined }),
  });
  return sessionInfoOf(await contextOf(stored), isTest);
}

export async function changeSessionPlan(guid: string, planName: string, isTest: boolean) {
  const ctx = await readSession(guid, 'open', ['order', 'upgrade']);
  planOrRefuse(ctx.offered, planName);
  return recompute(ctx, { planName }, isTest);
}

export async function changeSessionCurrency(guid: string, currency: Currency, isTest: boolean) {
  const ctx = await readSession(guid, 'open');
  if (!currencyOptions(ctx.session.language).includes(currency)) {
    throw new PaymentError('INVALID_ARGUMENT', `${currency} is not offered in this session`);
  }
  return recompute(ctx, { currency }, isTest);
}

/**
 * The session follows the language of the page showing it (section 4's language change): the wallet
 * offer, the pay methods, the currency options and the mails of its orders are that language's. A
 * customer's order is then priced in the language's currency (the page asks the currency option again);
 * an upgrade stays in its plan's currency and an operator's order link in the one it was made in, since
 * the money they name is already fixed.
 */
export async function changeSessionLanguage(guid: string, language: SiteLanguage, isTest: boolean) {
  const ctx = await readSession(guid, 'open', ['order', 'upgrade']);
  if (ctx.session.language === language) return sessionInfoOf(ctx, isTest);
  const currencyFixed = Boolean(ctx.upgrade) || isOperatorLink(ctx.session);
  const currency = currencyFixed ? ctx.session.currency : currencyForLanguage(language);
  return recompute(ctx, { language, currency }, isTest);
}

/**
 * The account type (section 4): business remembers the current plan and switches to the BUSINESS plan
 * of the same period (or kind); individual switches back to the remembered plan, else the first
 * individual plan of the same kind. Not offered for CUSTOM plans nor when a referral rate applies.
 */
export async function changeSessionAccountType(guid: string, accountType: AccountType, isTest: boolean) {
  const ctx = await readSession(guid, 'open');
  if (ctx.plan.planType === 'CUSTOM' || referralRate(ctx) > 0) {
    throw new PaymentError('INVALID_ARGUMENT', 'This session has no account type to choose');
  }
  const offered = offeredFor({ ...ctx.session, accountType }, ctx.prices);
  const current = { period: ctx.plan.period, isSubscription: ctx.plan.isSubscription };
  if (accountType === 'business') {
    const plan = planForChoice(offered, { planType: 'BUSINESS', ...current });
    if (!plan) throw new PaymentError('INVALID_ARGUMENT', 'The catalogue has no BUSINESS plan');
    const previousPlanName =
      ctx.plan.planType === 'BUSINESS' ? ctx.session.previousPlanName : ctx.session.planName;
    return recompute(ctx, { accountType, planName: plan.name, previousPlanName }, isTest);
  }
  const remembered = offered.find((plan) => plan.name === ctx.session.previousPlanName);
  const plan =
    remembered ??
    (ctx.plan.planType === 'BUSINESS'
      ? offered.find((candidate) => candidate.isSubscription === current.isSubscription)
      : ctx.plan) ??
    offered[0];
  if (!plan) throw new PaymentError('INVALID_ARGUMENT', 'The catalogue has no individual plan');
  return recompute(ctx, { accountType, planName: plan.name, previousPlanName: undefined }, isTest);
}

/** Applies a coupon for a plan: the session switches to that plan, and the price is recomputed. */
export async function registerSessionCoupon(guid: string, code: string, planName: string, isTest: boolean) {
  const ctx = await readSession(guid, 'open');
  const check = await checkCoupon({
    code,
    uid: ctx.user.uid,
    planName,
    offered: ctx.offered,
    nowMs: nowMs(),
  });
  if (!check.ok) throw couponRefusalError(check.refusal);
  return recompute(ctx, { couponCode: check.rules.coupon.couponCode, planName }, isTest);
}

export async function removeSessionCoupon(guid: string, isTest: boolean) {
  const ctx = await readSession(guid, 'open');
  return recompute(ctx, { couponCode: undefined }, isTest);
}
