import type { SiteLanguage } from '../../../shared/languages.ts';
import { BILLING_PAGE } from '../../../shared/site/site-pages.ts';
import { renewalPrice } from '../../../shared/subscriptions/renewal-reminder.ts';
import { sendMail } from '../adapters/mail.ts';
import { nowMs } from '../clock.ts';
import { latestUserPlan, type UserPlan } from '../data/user-plan-repository.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { settings } from '../settings.ts';
import { composeRenewalChoiceMail, type RenewalChoice } from './renewal-choice-mail.ts';
import { resubscribePlan, settleRenewalSchedule, unsubscribePlan } from './subscription-status.ts';

/**
 * The customer's cancel at period end and resume (issue 17 part 2): the console's unsubscribe and
 * resubscribe (subscription-status.ts), asked by the signed-in account holder for their own plan.
 * Refused without a live plan (USER_NOT_SUBSCRIBED, L25) and where the plan-state rules do not allow it
 * (L30 to cancel; L33, the catalogue's refusal of a resubscribe, to resume). Idempotent: asking again
 * for the state the plan is already in answers it as it stands, settles its renewal schedule again (a
 * first call cut short may have left it behind) and sends no second mail.
 */
export interface RenewalChoiceRequest {
  uid: string;
  email: string;
  language: SiteLanguage;
}

export interface RenewalChoiceOutcome {
  plan: UserPlan;
  changed: boolean;
}

export function cancelRenewal(request: RenewalChoiceRequest): Promise<RenewalChoiceOutcome> {
  return choose(request, 'renewal-cancelled');
}

export function resumeRenewal(request: RenewalChoiceRequest): Promise<RenewalChoiceOutcome> {
  return choose(request, 'renewal-resumed');
}

/** The status a plan is in once the choice is made. */
const CHOSEN_STATUS = { 'renewal-cancelled': 'UNSCHEDULED', 'renewal-resumed': 'PAID' } as const;

async function choose(request: RenewalChoiceRequest, choice: RenewalChoice): Promise<RenewalChoiceOutcome> {
  const current = await latestUserPlan(request.uid);
  if (!current || (current.expiredAt <= nowMs() && current.planStatus !== 'HOLD'))
    throw new PaymentError('USER_NOT_SUBSCRIBED', 'The account holds no live plan');
  const status = {
    uid: request.uid,
    requestedBy: 'customer',
    operator: { uid: request.uid, email: request.email },
    byCustomer: true,
  };
  try {
    const plan = await (choice === 'renewal-cancelled' ? unsubscribePlan(status) : resubscribePlan(status));
    await confirmByMail(request, choice, plan);
    return { plan, changed: true };
  } catch (error) {
    const plan = await latestUserPlan(request.uid);
    if (!(error instanceof PaymentError) || !plan || !alreadyChosen(plan, choice)) throw error;
    await settleRenewalSchedule(plan);
    return { plan, changed: false };
  }
}

/** A subscription already in the chosen state, still running. */
function alreadyChosen(plan: UserPlan, choice: RenewalChoice): boolean {
  return plan.isSubscription && plan.planStatus === CHOSEN_STATUS[choice] && plan.expiredAt > nowMs();
}

/** The confirmation mail; a mail that fails is logged, never the customer's choice undone. */
async function confirmByMail(request: RenewalChoiceRequest, choice: RenewalChoice, plan: UserPlan) {
  try {
    await sendMail({
      to: request.email,
      ...composeRenewalChoiceMail(choice, request.language, {
        plan: plan.planName,
        periodEnd: plan.expiredAt,
        amount: renewalPrice(plan),
        currency: plan.currency,
        link: `${settings.siteUrl}/${request.language}${BILLING_PAGE}`,
      }),
    });
  } catch (error) {
    logger.error('The renewal choice mail could not be sent', { uid: request.uid, choice, error });
  }
}
