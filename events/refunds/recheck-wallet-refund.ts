import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';
import {
  recheckWalletRefund,
  WalletRefundRecheckSchema,
} from '../../functions/core/refunds/wallet-refunds.ts';

/**
 * The recheck-wallet-refund schedule target (shared/jobs/schedules.ts): a pending wallet refund asked
 * about again. A malformed event is logged and dropped; any other failure throws, so the invocation is
 * retried (every step of a re-check is idempotent).
 */
export const handler = observedJob('recheck-wallet-refund', async (event: unknown): Promise<string> => {
  const recheck = WalletRefundRecheckSchema.safeParse(event);
  if (!recheck.success) {
    logger.error('Malformed wallet refund re-check', { event });
    return 'malformed';
  }
  return recheckWalletRefund(recheck.data);
});
