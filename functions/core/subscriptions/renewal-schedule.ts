import {
  RENEWAL_CONSENT_TARGET,
  RENEWAL_REMINDER_TARGET,
  RENEWAL_TARGET,
} from '../../../shared/jobs/schedules.ts';
import { newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { consentAskedAt } from '../../../shared/subscriptions/renewal-consent.ts';
import { reminderAt, remindsBeforeRenewal } from '../../../shared/subscriptions/renewal-reminder.ts';
import { cancelSchedule, scheduleOnce } from '../adapters/scheduler.ts';
import { nowMs } from '../clock.ts';
import { getUserPlan } from '../data/user-plan-repository.ts';
import { logger } from '../logger.ts';

/**
 * When renewals run (decision): on the day the period ends, at the very instant it ends, then, when the
 * charge fails for a reason a retry can cure, 1, 3 and 5 days after that day. Each run schedules the
 * next (one-off schedules, no cron); a schedule is named after the plan, the period and the attempt,
 * so that scheduling it again while it waits changes nothing.
 */
export const RENEWAL_RETRY_DAYS = [1, 3, 5] as const;
const DAY_MS = 86_400_000;
/** A schedule for a moment already past runs this soon instead (the scheduler takes no past times). */
export const OVERDUE_DELAY_MS = 60_000;

export interface RenewalEvent {
  uid: string;
  planId: string;
  /** The expiry of the period to renew: a run for a period already renewed does nothing. */
  periodEnd: number;
  /** 0 on the due date, 1 to 3 for the retries; an operator's retry of a held plan goes beyond. */
  attempt: number;
  /**
   * The attempt's own merchantUid, fixed when it is scheduled: a repeated invocation of one schedule is
   * the same order (charged once), each attempt a fresh one.
   */
  merchantUid: string;
}

export function renewalScheduleName(event: Omit<RenewalEvent, 'merchantUid'>): string {
  return `rnw-${event.planId}-${Math.floor(event.periodEnd / 1000)}-${event.attempt}`;
}

export function retryAt(periodEnd: number, attempt: number): number | undefined {
  const days = RENEWAL_RETRY_DAYS[attempt - 1];
  return days === undefined ? undefined : periodEnd + days * DAY_MS;
}

export async function scheduleRenewal(event: Omit<RenewalEvent, 'merchantUid'>, atMs: number): Promise<void> {
  await scheduleOnce({
    name: renewalScheduleName(event),
    at: new Date(Math.max(atMs, nowMs() + OVERDUE_DELAY_MS)),
    targetId: RENEWAL_TARGET.id,
    payload: { ...event, merchantUid: newMerchantUid('renewal') } satisfies RenewalEvent,
  });
}

/** The reminder of one period's renewal (renewals/renewal-reminder.ts), which a repeated run finds done. */
export interface ReminderEvent {
  uid: string;
  planId: string;
  periodEnd: number;
}

export function reminderScheduleName(event: Omit<ReminderEvent, 'uid'>): string {
  return `rmd-${event.planId}-${Math.floor(event.periodEnd / 1000)}`;
}

/** The look, 30 days before a renewal, at whether it costs more (functions/core/renewal-consent). */
export type ConsentEvent = ReminderEvent;

export function consentScheduleName(event: Omit<ConsentEvent, 'uid'>): string {
  return `rcn-${event.planId}-${Math.floor(event.periodEnd / 1000)}`;
}

/**
 * Schedules the due-date renewal of a plan that renews (a PAID subscription), the look 30 days before
 * it at whether it costs more (whose consent is asked then, or at once when the renewal is closer:
 * a month's period is hardly longer), and the reminder 7 days before it where the customer is told
 * (shared/subscriptions/renewal-reminder.ts); anything else is left. A reminder whose moment has
 * passed is not sent late.
 */
export async function ensureRenewalScheduled(uid: string, planId: string): Promise<void> {
  const plan = await getUserPlan(uid, planId);
  if (!plan?.isSubscription || plan.planStatus !== 'PAID') return;
  await scheduleRenewal({ uid, planId, periodEnd: plan.expiredAt, attempt: 0 }, plan.expiredAt);
  const consent: ConsentEvent = { uid, planId, periodEnd: plan.expiredAt };
  await scheduleOnce({
    name: consentScheduleName(consent),
    at: new Date(Math.max(consentAskedAt(plan.expiredAt), nowMs() + OVERDUE_DELAY_MS)),
    targetId: RENEWAL_CONSENT_TARGET.id,
    payload: consent,
  });
  const remindAt = reminderAt(plan.expiredAt);
  if (remindsBeforeRenewal(plan) && remindAt > nowMs()) {
    const event: ReminderEvent = { uid, planId, periodEnd: plan.expiredAt };
    await scheduleOnce({
      name: reminderScheduleName(event),
      at: new Date(remindAt),
      targetId: RENEWAL_REMINDER_TARGET.id,
      payload: event,
    });
  }
}

/** The attempts of one period: the due-date run and each retry. */
const PERIOD_ATTEMPTS = [0, ...RENEWAL_RETRY_DAYS.map((_, index) => index + 1)];

/**
 * Deletes whatever renewal of a plan's period is still pending, the due-date run, any retry, the
 * consent's look and the reminder: every step that ends a plan (an upgrade or a new plan replacing it, a refund, unsubscribing)
 * calls it right after the write that ends it, with the period as it stood, so no run is left to fire for a plan that
 * no longer renews. A deletion the scheduler refuses is logged, not raised: the plan has ended already,
 * and a run that fires anyway finds it so and charges nothing (renew-plan.ts).
 */
export async function cancelPendingRenewals(plan: { uid: string; planId: string; expiredAt: number }) {
  const period = { uid: plan.uid, planId: plan.planId, periodEnd: plan.expiredAt };
  const names = [
    ...PERIOD_ATTEMPTS.map((attempt) => renewalScheduleName({ ...period, attempt })),
    reminderScheduleName(period),
    consentScheduleName(period),
  ];
  await Promise.all(
    names.map((name) =>
      cancelSchedule(name).catch((error: unknown) =>
        logger.error('A pending renewal could not be deleted', { planId: plan.planId, name, error }),
      ),
    ),
  );
}
