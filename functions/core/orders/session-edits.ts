import { type Currency, currencyForLanguage } from '../../../shared/currency.ts';
import type { SiteLanguage } from '../../../shared/languages.ts';
import { currencyOptions } from '../../../shared/orders/order-rules.ts';
import type { SessionInfo } from '../../../shared/orders/session-info.ts';
import { type AccountType, planForChoice } from '../../../shared/plans/plans-offered.ts';
import { nowMs } from '../clock.ts';
import { checkCoupon, couponRefusalError } from '../coupons/coupons.ts';
import { updatePaymentSession } from '../data/payment-session-repository.ts';
import { PaymentError } from '../errors.ts';
import {
  couponCovers,
  isOperatorLink,
  offeredFor,
  planOrRefuse,
  referralRate,
  type SessionContext,
  sessionInfoOf,
} from './session-pricing.ts';
import { readSession, sessionContextOf } from './session-store.ts';

/**
 * The choices the order pages change in a session (plan, currency, language, account type, coupon):
 * each is checked against what the session offers, stored, and priced again.
 */

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
  return sessionInfoOf(await sessionContextOf(stored), isTest);
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
  return recompute(ctx, accountTypeChoices(ctx, accountType), isTest);
}

/**
 * The account type chosen on the order page, saved with its order (the pay command): only a choice that
 * keeps the session's plan, since the page showed that plan's price. One that would switch the plan
 * (business, or individual after business) is the page's to make first, with change-payment-session-account-type.
 */
export async function keepSessionAccountType(guid: string, accountType: AccountType): Promise<void> {
  const ctx = await readSession(guid, 'open');
  if (ctx.session.accountType === accountType) return;
  const choices = accountTypeChoices(ctx, accountType);
  if (choices.planName !== ctx.plan.name) {
    throw new PaymentError('INCONSISTENCY', `The ${accountType} account type changes the session's plan`);
  }
  await updatePaymentSession(guid, choices);
}

function accountTypeChoices(ctx: SessionContext, accountType: AccountType) {
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
    return { accountType, planName: plan.name, previousPlanName };
  }
  const remembered = offered.find((plan) => plan.name === ctx.session.previousPlanName);
  const plan =
    remembered ??
    (ctx.plan.planType === 'BUSINESS'
      ? offered.find((candidate) => candidate.isSubscription === current.isSubscription)
      : ctx.plan) ??
    offered[0];
  if (!plan) throw new PaymentError('INVALID_ARGUMENT', 'The catalogue has no individual plan');
  return { accountType, planName: plan.name, previousPlanName: undefined };
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
