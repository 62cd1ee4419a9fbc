import {
  ChainCheckEventSchema,
  type ChainCheckSummary,
  runChainCheck,
} from '../../functions/core/audit/chain-check.ts';
import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';

/**
 * The check-audit-chain target (shared/jobs/schedules.ts): the audit trail's hash chain read back and
 * checked; run at deployment (the jobs stack's trigger), by `npm start` and every hour after. A malformed
 * event is logged and dropped; any other failure throws, so the invocation is retried (a re-run lists
 * nothing twice).
 */
export const handler = observedJob(
  'check-audit-chain',
  async (event: unknown): Promise<ChainCheckSummary | 'malformed'> => {
    const run = ChainCheckEventSchema.safeParse(event ?? {});
    if (!run.success) {
      logger.error('Malformed audit chain check', { event });
      return 'malformed';
    }
    return runChainCheck(run.data);
  },
);
