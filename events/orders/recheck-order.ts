import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';
import { recheckOrder } from '../../functions/core/orders/order-recheck.ts';
import { RecheckEventSchema } from '../../functions/core/orders/order-recheck-schedule.ts';

/**
 * The recheck-order schedule target (shared/jobs/schedules.ts): one order asked about at the provider
 * again. A malformed event is logged and dropped (retrying cannot fix it); any other failure throws, so
 * the invocation is retried.
 */
export const handler = observedJob('recheck-order', async (event: unknown): Promise<string> => {
  const recheck = RecheckEventSchema.safeParse(event);
  if (!recheck.success) {
    logger.error('Malformed order re-check', { event });
    return 'malformed';
  }
  return recheckOrder(recheck.data);
});
