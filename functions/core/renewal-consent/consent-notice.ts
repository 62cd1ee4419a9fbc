import { formatPrice } from '../../../shared/currency.ts';
import { DEFAULT_LANGUAGE } from '../../../shared/languages.ts';
import { partnerOf } from '../../../shared/plans/partners.ts';
import { isSubscriptionPeriod } from '../../../shared/plans/plan-types.ts';
import { RENEWAL_CONSENT_PAGE } from '../../../shared/site/site-pages.ts';
import { renewalTerms } from '../../../shared/subscriptions/plan-change.ts';
import { renewalPriceRise } from '../../../shared/subscriptions/renewal-consent.ts';
import { renewalPrice } from '../../../shared/subscriptions/renewal-reminder.ts';
import { nowMs } from '../clock.ts';
import { getOrder } from '../data/order-reads.ts';
import { findPlanByName } from '../data/plan-catalogue-repository.ts';
import { setPlanChangeAmount } from '../data/plan-change-repository.ts';
import { askRenewalConsent } from '../data/renewal-consent-repository.ts';
import { setScheduledPrice } from '../data/subscription-repository.ts';
import { getUserPlan, type UserPlan } from '../data/user-plan-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { LINK_TOKEN_MAX_SECONDS, signLinkToken } from '../identity/id-token.ts';
import { logger } from '../logger.ts';
import { sendMailOnce } from '../mails/customer-mails.ts';
import { noticeText } from '../notices/kakao-notices.ts';
import { planRenewalPrice, samePrice } from '../orders/session-pricing.ts';
import { settings } from '../settings.ts';
import type { ConsentEvent } from '../subscriptions/renewal-schedule.ts';
import { composeConsentAskMail } from './consent-mail.ts';

/**
 * The look 30 days before a renewal (the ask-renewal-consent schedule target, and a change of plan
 * scheduled within those 30 days): the renewal's amount is read again from the price table (the
 * partner's rate applied, as at purchase; the scheduled change's plan, if any), so that a price the
 * table lowered since is charged at once and one it raised only with consent; then, if the renewal costs
 * more than the last charge, the consent is asked for by mail, once per amount. A plan that no longer
 * renews that period is left alone. A mail that fails makes the run fail, so Lambda runs it again.
 */
export type ConsentNoticeOutcome = 'unchanged' | 'asked' | 'asked-before' | 'skipped';

export async function askConsentIfHigher(event: ConsentEvent): Promise<ConsentNoticeOutcome> {
  const user = await getUser(event.uid);
  let plan = await getUserPlan(event.uid, event.planId);
  if (!user || user.deleted || !renews(plan, event)) return 'skipped';
  let tableRaised = false;
  const tablePrice = await priceInTable(plan, user.referralType);
  if (tablePrice !== undefined && !samePrice(tablePrice, renewalPrice(plan), plan.currency)) {
    const moved = await moveRenewalPrice(plan, tablePrice);
    tableRaised = moved && tablePrice > renewalPrice(plan);
    // Moved by a run of the same look racing this one, or the plan changed: read it as it now is.
    plan = moved ? withRenewalPrice(plan, tablePrice) : await getUserPlan(event.uid, event.planId);
    if (!renews(plan, event)) return 'skipped';
  }
  const rise = renewalPriceRise(plan, { tableRaised });
  if (!rise) return 'unchanged';
  // A change of plan scheduled for the renewal is what the consent is to: its plan and period.
  const terms = renewalTerms(plan);
  const { consent } = await askRenewalConsent({
    uid: plan.uid,
    planId: plan.planId,
    periodEnd: plan.expiredAt,
    planName: terms.planName,
    planType: terms.planType,
    period: terms.period,
    currency: plan.currency,
    lastCharge: rise.from,
    amount: rise.to,
    reason: rise.reason,
    askedAt: nowMs(),
  });
  const outcome = await mailConsentAsk(plan, consent.reason);
  if (outcome === 'failed') throw new Error(`The consent of ${plan.planId} could not be asked by mail`);
  return outcome === 'sent' ? 'asked' : 'asked-before';
}

function renews(plan: UserPlan | undefined, event: ConsentEvent): plan is UserPlan {
  return Boolean(plan?.isSubscription && plan.planStatus === 'PAID' && plan.expiredAt === event.periodEnd);
}

/**
 * Moves what the renewal charges to the table's price: the scheduled change's amount when a change of
 * plan is scheduled, else the plan's renewal price; false when the plan changed since it was read.
 */
function moveRenewalPrice(plan: UserPlan, to: number): Promise<boolean> {
  const key = { uid: plan.uid, planId: plan.planId, expiredAt: plan.expiredAt };
  if (plan.planChange)
    return setPlanChangeAmount({
      ...key,
      changeId: plan.planChange.changeId,
      from: plan.planChange.amount,
      to,
    });
  return setScheduledPrice({ ...key, from: plan.scheduledPrice, to });
}

function withRenewalPrice(plan: UserPlan, price: number): UserPlan {
  return plan.planChange
    ? { ...plan, planChange: { ...plan.planChange, amount: price } }
    : { ...plan, scheduledPrice: price };
}

/**
 * What the price table asks now for the plan the renewal charges (the scheduled change's, if any), or
 * undefined when the table no longer holds it.
 */
async function priceInTable(plan: UserPlan, referralType: string | undefined): Promise<number | undefined> {
  const found = await findPlanByName(renewalTerms(plan).planName);
  if (!found) return undefined;
  try {
    return planRenewalPrice(found.plan, plan.currency, partnerOf(referralType));
  } catch (error) {
    // A catalogue price outside its currency's bounds is a catalogue mistake: the renewal keeps its price.
    logger.error('The price table has no valid price for a renewing plan', { planId: plan.planId, error });
    return undefined;
  }
}

async function mailConsentAsk(plan: UserPlan, reason: Parameters<typeof composeConsentAskMail>[1]['reason']) {
  const amount = renewalPrice(plan);
  const token = await signLinkToken(
    'renewal-consent',
    plan.uid,
    { planId: plan.planId, periodEnd: plan.expiredAt, amount },
    Math.min(LINK_TOKEN_MAX_SECONDS, Math.max(60, Math.ceil((plan.expiredAt - nowMs()) / 1000))),
  );
  const order = await getOrder(plan.planId);
  const terms = renewalTerms(plan);
  return sendMailOnce(
    {
      kind: 'renewal-consent',
      // Once per amount, and per plan when the renewal changes plan (a change replaced by another).
      eventId: `${plan.planId}-${plan.expiredAt}-${amount}${plan.planChange ? `-${plan.planChange.planName}` : ''}`,
      uid: plan.uid,
      fallback: { email: order?.userEmail ?? '', language: order?.language ?? DEFAULT_LANGUAGE },
      phone: order?.userPhone,
    },
    (language, billingLink) => {
      const page = `${settings.siteUrl}/${language}${RENEWAL_CONSENT_PAGE}?token=${encodeURIComponent(token)}`;
      return composeConsentAskMail(
        language,
        {
          planType: renewalTerms(plan).planType,
          currency: plan.currency,
          lastCharge: plan.price,
          amount,
          renewsAt: plan.expiredAt,
          reason,
        },
        { consent: `${page}&choice=consent`, decline: `${page}&choice=decline`, billing: billingLink },
      );
    },
    {
      kind: 'renewal-consent',
      values: {
        상품명: isSubscriptionPeriod(terms.period)
          ? noticeText.subscription({ planType: terms.planType, period: terms.period })
          : noticeText.plan(terms.planType),
        결제예정일: noticeText.date(plan.expiredAt),
        이전금액: formatPrice(plan.price, plan.currency),
        새금액: formatPrice(amount, plan.currency),
      },
    },
  );
}
