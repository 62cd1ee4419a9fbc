import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';
import { askConsentIfHigher } from '../../functions/core/renewal-consent/consent-notice.ts';
import type { ConsentEvent } from '../../functions/core/subscriptions/renewal-schedule.ts';

/** The ask-renewal-consent schedule target (shared/jobs/schedules.ts): one renewal's look 30 days before it. */
export const handler = observedJob('ask-renewal-consent', async (event: ConsentEvent): Promise<void> => {
  const outcome = await askConsentIfHigher(event);
  logger.info('Renewal consent look run', { planId: event.planId, outcome });
});
