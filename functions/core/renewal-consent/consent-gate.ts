import type { SiteLanguage } from '../../../shared/languages.ts';
import { renewalTerms } from '../../../shared/subscriptions/plan-change.ts';
import { consentCovers, renewalPriceRise } from '../../../shared/subscriptions/renewal-consent.ts';
import { renewalPrice } from '../../../shared/subscriptions/renewal-reminder.ts';
import { getRenewalConsent } from '../data/renewal-consent-repository.ts';
import { changePlanStatus } from '../data/subscription-repository.ts';
import { getUserPlanHead, type UserPlan } from '../data/user-plan-repository.ts';
import { logger } from '../logger.ts';
import { sendMailOnce } from '../mails/customer-mails.ts';
import { settings } from '../settings.ts';
import { cancelPendingRenewals } from '../subscriptions/renewal-schedule.ts';
import { composeConsentEndedMail } from './consent-mail.ts';

/**
 * The renewal's side of the consent: a renewal that costs more than the last charge is charged only
 * with the customer's consent to exactly its amount, for the plan it renews into (a change of plan
 * scheduled for it included: shared/subscriptions/renewal-consent.ts); without
 * it (declined, withdrawn, or never given: silence is no consent) the subscription ends at the end of
 * its period, uncharged, and the customer is told by mail.
 */
export async function renewalMayCharge(plan: UserPlan): Promise<boolean> {
  const rise = renewalPriceRise(plan);
  if (!rise) return true;
  const consent = await getRenewalConsent({ uid: plan.uid, planId: plan.planId, periodEnd: plan.expiredAt });
  return consentCovers(consent, { amount: rise.to, planName: renewalTerms(plan).planName }, plan.currency);
}

/**
 * Ends a subscription whose renewal has no consent: the mail first (once, by its marker; one that fails
 * fails the run, which the scheduler's target retries while the plan still renews), then the plan moves
 * to UNSCHEDULED from the status it was renewing in and its pending runs are deleted. False when the plan
 * changed meanwhile (nothing ended here).
 */
export async function endWithoutConsent(
  plan: UserPlan,
  fallback: { email: string; language: SiteLanguage },
): Promise<boolean> {
  const outcome = await sendMailOnce(
    {
      kind: 'renewal-ended-without-consent',
      eventId: `${plan.planId}-${plan.expiredAt}`,
      uid: plan.uid,
      fallback,
    },
    (language) =>
      composeConsentEndedMail(
        language,
        {
          planType: plan.planType,
          currency: plan.currency,
          lastCharge: plan.price,
          amount: renewalPrice(plan),
          renewsAt: plan.expiredAt,
        },
        `${settings.siteUrl}/${language}/payment/pricepolicy`,
      ),
  );
  if (outcome === 'failed') throw new Error(`The end of ${plan.planId} without consent could not be mailed`);
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const head = await getUserPlanHead(plan.uid);
    if (!head) return false;
    const changed = await changePlanStatus({
      uid: plan.uid,
      planId: plan.planId,
      expiredAt: plan.expiredAt,
      from: [plan.planStatus],
      to: 'UNSCHEDULED',
      head,
    });
    if (changed === 'changed') {
      await cancelPendingRenewals(plan);
      logger.info('Renewal ended without consent to its higher amount', { planId: plan.planId });
      return true;
    }
    if (changed === 'plan-changed') return false;
  }
  throw new Error(`The plan ${plan.planId} could not be ended without consent`);
}
