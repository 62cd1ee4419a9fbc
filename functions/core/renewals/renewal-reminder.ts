import { DEFAULT_LANGUAGE } from '../../../shared/languages.ts';
import { remindsBeforeRenewal, renewalPrice } from '../../../shared/subscriptions/renewal-reminder.ts';
import { getOrder } from '../data/order-reads.ts';
import { getUserPlan } from '../data/user-plan-repository.ts';
import { type MailOutcome, sendCustomerMail } from '../mails/customer-mails.ts';
import { renewalMayCharge } from '../renewal-consent/consent-gate.ts';
import type { ReminderEvent } from '../subscriptions/renewal-schedule.ts';

/**
 * The reminder before a renewal (the remind-renewal schedule target): the date, the amount the renewal
 * will charge (and the plan it changes to, when the customer scheduled a change) and the billing page,
 * where it can be cancelled. A plan that no longer renews that period
 * (cancelled, upgraded, refunded, already renewed) gets none. A mail that fails makes the run fail, so
 * that Lambda runs it again (shared/jobs/schedules.ts TARGET_ASYNC_RETRIES).
 */
export async function remindOfRenewal(event: ReminderEvent): Promise<MailOutcome | 'skipped'> {
  const plan = await getUserPlan(event.uid, event.planId);
  if (plan?.planStatus !== 'PAID' || plan.expiredAt !== event.periodEnd) return 'skipped';
  // Scheduled for a change of plan that was cancelled since, and nothing else to tell of.
  if (!remindsBeforeRenewal(plan)) return 'skipped';
  // A renewal waiting for consent to its higher amount has been told of by the consent's own mail; it
  // will not charge as this mail would say unless the customer agrees.
  if (!(await renewalMayCharge(plan))) return 'skipped';
  const order = await getOrder(plan.planId);
  const outcome = await sendCustomerMail({
    uid: plan.uid,
    eventId: `${plan.planId}-${event.periodEnd}`,
    fallback: { email: order?.userEmail ?? '', language: order?.language ?? DEFAULT_LANGUAGE },
    phone: order?.userPhone,
    mail: {
      kind: 'renewal-reminder',
      planType: plan.planType,
      amount: renewalPrice(plan),
      currency: plan.currency,
      payMethod: plan.payMethod,
      renewsAt: plan.expiredAt,
      ...(plan.planChange
        ? { newPlan: { planType: plan.planChange.planType, period: plan.planChange.period } }
        : {}),
    },
  });
  if (outcome === 'failed') throw new Error(`The renewal reminder of ${plan.planId} could not be sent`);
  return outcome;
}
