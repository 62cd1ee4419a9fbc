import {
  ReconcileEventSchema,
  type ReconciliationSummary,
  runReconciliation,
} from '../../functions/core/finance/reconciliation.ts';
import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';

/**
 * The reconcile-payments schedule target (shared/jobs/schedules.ts): one KST day's provider payments
 * compared with our records. A malformed event is logged and dropped (retrying cannot fix it); any other
 * failure throws, so the invocation is retried (a re-run lists nothing twice).
 */
export const handler = observedJob(
  'reconcile-payments',
  async (event: unknown): Promise<ReconciliationSummary | 'malformed'> => {
    const run = ReconcileEventSchema.safeParse(event);
    if (!run.success) {
      logger.error('Malformed reconciliation run', { event });
      return 'malformed';
    }
    return runReconciliation(run.data);
  },
);
