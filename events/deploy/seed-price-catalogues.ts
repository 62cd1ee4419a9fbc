import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';
import { seedPriceCatalogues } from '../../functions/core/plans/price-catalogues.ts';

/**
 * Run by the deployment (infra/jobs-stack.ts, a CDK trigger) whenever this bundle, and so the price
 * book in it, changes: a fresh stage's table gets the prices every order page reads.
 */
export const handler = observedJob('seed-price-catalogues', async (): Promise<void> => {
  await seedPriceCatalogues();
  logger.info('Price catalogues seeded from the price book');
});
