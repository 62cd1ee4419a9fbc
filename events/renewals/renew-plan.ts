import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';
import { renewPlan } from '../../functions/core/renewals/renew-plan.ts';
import type { RenewalEvent } from '../../functions/core/subscriptions/renewal-schedule.ts';

/** The renew-plan schedule target (shared/jobs/schedules.ts): one renewal attempt of one plan. */
export const handler = observedJob('renew-plan', async (event: RenewalEvent): Promise<void> => {
  const outcome = await renewPlan(event);
  logger.info('Renewal run', { planId: event.planId, attempt: event.attempt, outcome });
});
