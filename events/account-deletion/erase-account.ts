import { type ErasureEvent, eraseAccount } from '../../functions/core/account-deletion/erasure.ts';
import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';

/** The erase-account schedule target (shared/jobs/schedules.ts): one run of a deleted account's erasure. */
export const handler = observedJob('erase-account', async (event: ErasureEvent): Promise<void> => {
  const outcome = await eraseAccount(event);
  logger.info('Account erasure run', { uid: event.uid, pass: event.pass, part: event.part, outcome });
});
