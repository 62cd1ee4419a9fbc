import { PrepareFinanceEventSchema, prepareFinance } from '../../functions/core/finance/prepare-finance.ts';
import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';

/**
 * Run by the deployment (infra/jobs-stack.ts, a CDK trigger: a failed run fails the deployment) and by
 * its second pass an hour later (a schedule): the finance keys of older items, and the daily
 * reconciliation's next run.
 */
export const handler = observedJob('prepare-finance', async (event: unknown) => {
  const pass = PrepareFinanceEventSchema.safeParse(event ?? {});
  if (!pass.success) {
    logger.error('Malformed finance preparation', { event });
    return 'malformed';
  }
  return prepareFinance(pass.data);
});
