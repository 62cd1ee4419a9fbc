import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';
import { remindOfRenewal } from '../../functions/core/renewals/renewal-reminder.ts';
import type { ReminderEvent } from '../../functions/core/subscriptions/renewal-schedule.ts';

/** The remind-renewal schedule target (shared/jobs/schedules.ts): the mail before one renewal. */
export const handler = observedJob('remind-renewal', async (event: ReminderEvent): Promise<void> => {
  const outcome = await remindOfRenewal(event);
  logger.info('Renewal reminder run', { planId: event.planId, outcome });
});
