import type { AdminRenewalConsent, RenewalConsentView } from '../../../shared/api/renewal-consent.ts';
import { formatPrice } from '../../../shared/currency.ts';
import { renewalTerms } from '../../../shared/subscriptions/plan-change.ts';
import {
  type ConsentChannel,
  consentOpen,
  renewalPriceRise,
} from '../../../shared/subscriptions/renewal-consent.ts';
import { nowMs } from '../clock.ts';
import {
  answerRenewalConsent,
  getRenewalConsent,
  listRenewalConsents,
  type RenewalConsentRecord,
} from '../data/renewal-consent-repository.ts';
import { recordUserActivity } from '../data/user-activity-repository.ts';
import { getUserPlan, latestUserPlan, type UserPlan } from '../data/user-plan-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { PaymentError } from '../errors.ts';
import { verifyLinkToken } from '../identity/id-token.ts';

/**
 * The customer's answers to a renewal's consent: from the mail's link (its signed token names the
 * account, the plan, the period and the amount asked) or on the billing page (the signed-in account's
 * latest plan). An answer is taken until the renewal is due and while the plan still renews that
 * period; it is recorded with when and where (`via`), and on the account's activities, where the
 * console shows it. Giving the answer the record already holds changes nothing.
 */
export type ConsentChoice = 'consent' | 'decline';

interface Asked {
  consent: RenewalConsentRecord;
  plan: UserPlan | undefined;
}

function view({ consent, plan }: Asked): RenewalConsentView {
  return {
    planName: consent.planName,
    planType: consent.planType,
    period: consent.period,
    currency: consent.currency,
    lastCharge: consent.lastCharge,
    amount: consent.amount,
    renewsAt: consent.periodEnd,
    reason: consent.reason,
    status: consent.status,
    open: answerable({ consent, plan }),
  };
}

function answerable({ consent, plan }: Asked): boolean {
  return (
    plan?.planStatus === 'PAID' &&
    plan.expiredAt === consent.periodEnd &&
    consentOpen(consent.periodEnd, nowMs())
  );
}

/** The consent a mail's link asks about: a forged link is AUTHORIZATION, an expired or superseded one EXPIRED. */
async function askedByLink(token: string): Promise<Asked> {
  const check = await verifyLinkToken('renewal-consent', token);
  if (!check.ok) {
    if (check.reason === 'expired') throw new PaymentError('EXPIRED', 'The consent link has expired');
    throw new PaymentError('AUTHORIZATION', 'The consent link is not valid');
  }
  const { planId, periodEnd, amount } = check.claims;
  if (typeof planId !== 'string' || typeof periodEnd !== 'number' || typeof amount !== 'number')
    throw new PaymentError('AUTHORIZATION', 'The consent link is not valid');
  const [consent, plan] = await Promise.all([
    getRenewalConsent({ uid: check.uid, planId, periodEnd }),
    getUserPlan(check.uid, planId),
  ]);
  if (!consent || consent.amount !== amount)
    throw new PaymentError('EXPIRED', 'The consent link is for an amount asked no longer');
  return { consent, plan };
}

/**
 * The consent the signed-in account's latest plan asks for in its current period, if any: one asked for
 * what the renewal still charges (a consent asked for a change of plan cancelled or replaced since asks
 * nothing any more).
 */
async function askedOfAccount(uid: string): Promise<Asked | undefined> {
  const plan = await latestUserPlan(uid);
  if (!plan?.isSubscription) return undefined;
  const consent = await getRenewalConsent({ uid, planId: plan.planId, periodEnd: plan.expiredAt });
  const rise = renewalPriceRise(plan);
  const current =
    consent && rise && consent.amount === rise.to && consent.planName === renewalTerms(plan).planName;
  return current ? { consent, plan } : undefined;
}

export async function consentByLink(token: string): Promise<RenewalConsentView> {
  return view(await askedByLink(token));
}

export async function answerByLink(token: string, choice: ConsentChoice): Promise<RenewalConsentView> {
  return view(await answer(await askedByLink(token), choice, 'mail'));
}

export async function consentOfAccount(uid: string): Promise<RenewalConsentView | null> {
  const asked = await askedOfAccount(uid);
  return asked ? view(asked) : null;
}

export async function answerOnBillingPage(uid: string, choice: ConsentChoice): Promise<RenewalConsentView> {
  const asked = await askedOfAccount(uid);
  if (!asked) throw new PaymentError('USER_NOT_SUBSCRIBED', 'No renewal of the account asks for consent');
  return view(await answer(asked, choice, 'billing-page'));
}

async function answer(asked: Asked, choice: ConsentChoice, via: ConsentChannel): Promise<Asked> {
  if (!answerable(asked))
    throw new PaymentError('EXPIRED', 'The renewal no longer asks for an answer (due, renewed or ended)');
  const { consent } = asked;
  if (consent.status === (choice === 'consent' ? 'consented' : 'declined')) return asked;
  const answered = await answerRenewalConsent({
    uid: consent.uid,
    planId: consent.planId,
    periodEnd: consent.periodEnd,
    amount: consent.amount,
    choice,
    via,
    at: nowMs(),
  });
  if (!answered) throw new PaymentError('EXPIRED', 'The consent was asked afresh for another amount');
  const user = await getUser(consent.uid);
  await recordUserActivity({
    uid: consent.uid,
    action: choice === 'consent' ? 'subscription.renewal-consent' : 'subscription.renewal-consent-declined',
    desc: `${consent.planName} ${formatPrice(consent.amount, consent.currency)} (${via})`,
    operator: { uid: consent.uid, email: user?.email ?? '' },
  });
  return { consent: answered, plan: asked.plan };
}

/** Every consent an account was asked for, as the console's user detail lists them. */
export async function consentsForConsole(uid: string): Promise<AdminRenewalConsent[]> {
  return (await listRenewalConsents(uid)).map((consent) => ({
    planId: consent.planId,
    planName: consent.planName,
    currency: consent.currency,
    lastCharge: consent.lastCharge,
    amount: consent.amount,
    renewsAt: consent.periodEnd,
    reason: consent.reason,
    status: consent.status,
    askedAt: consent.askedAt,
    ...(consent.consentedAt === undefined ? {} : { consentedAt: consent.consentedAt }),
    ...(consent.consentedVia ? { consentedVia: consent.consentedVia } : {}),
    ...(consent.declinedAt === undefined ? {} : { declinedAt: consent.declinedAt }),
    ...(consent.declinedVia ? { declinedVia: consent.declinedVia } : {}),
  }));
}
