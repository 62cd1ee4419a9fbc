import { secretText } from '../../functions/core/adapters/secrets.ts';
import { type CanaryCredentials, ensureCanaryAccount } from '../../functions/core/canary/canary-account.ts';
import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';
import { requiredEnvironment } from '../../functions/core/settings.ts';

/**
 * Run by the deployment (infra/jobs-stack.ts, a CDK trigger) whenever this bundle changes, and by hand
 * after the canary's secret was changed (docs/runbook.md): the purchase canary's account made, or given
 * the secret's password, from `cutloom/{stage}/canary` ({email, password}).
 */
export const handler = observedJob('ensure-canary-account', async (): Promise<string> => {
  const credentials = JSON.parse(
    await secretText(requiredEnvironment('CANARY_SECRET_ARN'), { fresh: true }),
  ) as CanaryCredentials;
  const outcome = await ensureCanaryAccount(credentials);
  logger.info('The purchase canary account', { outcome });
  return outcome;
});
