import { couponInputAllowed } from '../../../shared/coupons/coupon-rules.ts';
import {
  type Currency,
  fromMinorUnits,
  hasCurrencyPrecision,
  toMinorUnits,
} from '../../../shared/currency.ts';
import { orderCharge, orderPrice } from '../../../shared/orders/order-price.ts';
import { currencyOptions } from '../../../shared/orders/order-rules.ts';
import type { PlanUpgradeData, SessionInfo } from '../../../shared/orders/session-info.ts';
import { WALLET_PAY_METHOD } from '../../../shared/payments/pay-methods.ts';
import { type Partner, partnerOf } from '../../../shared/plans/partners.ts';
import { PLAN_TYPES, type PlanPriceInfo, type PlanUsageInfo } from '../../../shared/plans/plan-types.ts';
import { offeredPlanPrices, planTypesOffered } from '../../../shared/plans/plans-offered.ts';
import { upgradeTargets } from '../../../shared/plans/upgrade-rules.ts';
import { upgradeCredit } from '../../../shared/refunds/refund-rules.ts';
import { planActions } from '../../../shared/subscriptions/plan-actions.ts';
import { couponInfoOf } from '../coupons/coupons.ts';
import type { CouponRules } from '../data/coupon-repository.ts';
import type { PaymentSession } from '../data/payment-session-repository.ts';
import { type PlanCatalogue, planUsageFor } from '../data/plan-catalogue-repository.ts';
import type { Preregistration } from '../data/preregistration-repository.ts';
import type { Payment, UserPlan, UserPlanHead } from '../data/user-plan-repository.ts';
import type { User } from '../data/user-repository.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { settings } from '../settings.ts';

/**
 * A payment session's prices and what its pages show, computed from the session's choices and what
 * was read for it (the account, the catalogue, the coupon, the wallet switch, the plan an upgrade
 * replaces). Nothing here reads or writes the table: the session store reads, this prices.
 */

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

/** What pricing a session needs beside the session itself. */
export interface SessionReads {
  user: User | undefined;
  catalogue: PlanCatalogue;
  coupon: CouponRules | undefined;
  /** The wallet switch's value (`naver-pay-recurring`), if the entry exists. */
  walletSwitch: string | undefined;
  upgrade: UpgradeContext | undefined;
  preregistration: Preregistration | undefined;
}

/** Whether an operator opened the session (an order link, admin-console.md payment progress). */
export function isOperatorLink(session: Pick<PaymentSession, 'createdStatus'>): boolean {
  return session.createdStatus !== 'init';
}

export const isNewOrder = (session: Pick<PaymentSession, 'purpose'>) => session.purpose === 'order';

/**
 * The plans a session may choose among: an operator's order link sells exactly the plan the operator
 * chose (from whichever catalogue holds it); a customer's own session what its catalogue offers.
 */
export function offeredFor(
  session: Pick<PaymentSession, 'priceVersion' | 'accountType' | 'createdStatus' | 'planName'>,
  prices: PlanPriceInfo[],
) {
  if (isOperatorLink(session)) return prices.filter((plan) => plan.name === session.planName);
  return offeredPlanPrices(prices, session.priceVersion, session.accountType);
}

export function planOrRefuse(offered: readonly PlanPriceInfo[], planName: string): PlanPriceInfo {
  const plan = offered.find((candidate) => candidate.name === planName);
  if (!plan)
    throw new PaymentError('INVALID_ARGUMENT', `The plan ${planName} is not offered in this session`);
  return plan;
}

/**
 * Whether test mode may be used: anywhere but the release level, and there by operators and by the
 * product's purchase canary (a test account) only.
 */
export function testModeAllowed(user: User): boolean {
  return settings.stage !== 'release' || (user.adminLevel ?? 0) >= 1 || user.testAccount === true;
}

/** A session with everything its prices need, at the instant `now`. */
export function sessionContext(session: PaymentSession, reads: SessionReads, now: number): SessionContext {
  const { user, catalogue, coupon, upgrade, preregistration } = reads;
  if (!user) throw new PaymentError('AUTHORIZATION', 'The session belongs to no account');
  const offered = upgrade
    ? upgradeTargets(upgrade.replaced, catalogue.prices)
    : session.purpose === 'change-card'
      ? catalogue.prices.filter((plan) => plan.name === session.planName)
      : offeredFor(session, catalogue.prices);
  const plan = planOrRefuse(offered, session.planName);
  const usage = planUsageFor(catalogue, plan);
  if (!usage) throw new PaymentError('DB_ERROR', `The catalogue has no usage for ${plan.name}`);
  const couponLive = coupon && coupon.coupon.startedAt <= now && now <= coupon.coupon.expiredAt;
  return {
    session,
    user,
    prices: catalogue.prices,
    usages: catalogue.usages,
    offered,
    plan,
    usage,
    partner: partnerOf(user.referralType),
    coupon: couponLive ? coupon : undefined,
    preregistrationPercent:
      preregistration && !preregistration.used ? preregistration.discountPercent : undefined,
    walletAllowed: reads.walletSwitch?.trim().toLowerCase() !== 'off',
    upgrade,
  };
}

/**
 * What an upgrade session upgrades: the plan, as long as it may still be upgraded (not replaced,
 * expired or held meanwhile), the credit for its unused days, and who paid for it (the upgrade's
 * contact: only the final confirmations are asked on the upgrade order page).
 */
export function upgradeContext(
  read: { replaced: UserPlan | undefined; head: UserPlanHead | undefined; payment: Payment | undefined },
  now: number,
): UpgradeContext {
  const { replaced, head, payment } = read;
  if (!replaced || head?.currentPlanId !== replaced.planId || !planActions(replaced, now).upgrade) {
    throw new PaymentError('UPGRADE_NOT_ALLOWED', 'The plan can no longer be upgraded');
  }
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
export function referralRate(ctx: SessionContext): number {
  return partnerRate(ctx.partner, ctx.plan);
}

function partnerRate(partner: Partner | undefined, plan: Pick<PlanPriceInfo, 'planType'>): number {
  return partner && plan.planType !== 'CUSTOM' ? partner.discountPercent : 0;
}

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

/** Whether a claimed amount is the server's price: a claim finer than the currency never is. */
export function samePrice(claimed: number, price: number, currency: Currency): boolean {
  return (
    hasCurrencyPrecision(claimed, currency) &&
    toMinorUnits(claimed, currency) === toMinorUnits(price, currency)
  );
}

/**
 * The session's price, when the browser's claim is that price and it can be paid (else INVALID_PRICE),
 * with the amount the provider must charge (the test-range image in test mode).
 */
export function acceptedPrice(ctx: SessionContext, claimed: number, isTest: boolean) {
  const price = sessionPrice(ctx, isTest);
  const { currency } = ctx.session;
  if (price.charge.kind !== 'payable') {
    throw new PaymentError('INVALID_PRICE', `The price ${price.finalPrice} ${currency} cannot be paid`);
  }
  if (!samePrice(claimed, price.finalPrice, currency)) {
    logger.warn('Order price refused', { guid: ctx.session.guid, claimed, price: price.finalPrice });
    throw new PaymentError('INVALID_PRICE', 'The price differs from the price of the payment session');
  }
  return { ...price, amount: price.charge.amount };
}

/**
 * What a subscription renews at: the plan's price with the partner's rate, without the coupon or the
 * preregistration. Their discounts (and a coupon's bonus) are for the first period only (our decision:
 * a coupon is a welcome, not a permanent price).
 */
export function renewalPrice(ctx: SessionContext): number {
  return planRenewalPrice(ctx.plan, ctx.session.currency, ctx.partner);
}

/**
 * What a plan of the price table renews at for an account of that partner: the rule above, asked again
 * when a renewal's consent window opens (renewal-consent), so that a price the table raised since reaches
 * the renewal only with the customer's consent, and when a change of plan at the renewal is quoted
 * (plan-change).
 */
export function planRenewalPrice(
  plan: PlanPriceInfo,
  currency: Currency,
  partner: Partner | undefined,
): number {
  return planRenewalQuote(plan, currency, partner).finalPrice;
}

/** The same, with the table's list price and the partner's rate it came from (what a quote shows). */
export function planRenewalQuote(plan: PlanPriceInfo, currency: Currency, partner: Partner | undefined) {
  return orderPrice({ plan, currency, referralDiscountPercent: partnerRate(partner, plan) });
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
export function couponCovers(coupon: CouponRules | undefined, planName: string): boolean {
  return Boolean(
    coupon && [...coupon.discounts, ...coupon.bonusQuotas].some((info) => info.planName === planName),
  );
}
