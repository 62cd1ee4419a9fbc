import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';
import { recheckRefund } from '../../functions/core/refunds/refund-recheck.ts';
import { RefundRecheckSchema } from '../../functions/core/refunds/refund-recheck-schedule.ts';

/**
 * The recheck-refund schedule target (shared/jobs/schedules.ts): a refund finished from wherever its
 * function stopped. A malformed event is logged and dropped; any other failure throws, so the
 * invocation is retried (every step of a refund is safe to repeat).
 */
export const handler = observedJob('recheck-refund', async (event: unknown): Promise<string> => {
  const recheck = RefundRecheckSchema.safeParse(event);
  if (!recheck.success) {
    logger.error('Malformed refund re-check', { event });
    return 'malformed';
  }
  return recheckRefund(recheck.data);
});
