import { synthetics } from '@aws/synthetics-playwright';
import { secretText } from '../../functions/core/adapters/secrets.ts';
import type { CanaryCredentials } from '../../functions/core/canary/canary-account.ts';
import { requiredEnvironment } from '../../functions/core/settings.ts';
import { type StepRunner, walkPurchase } from './purchase-journey.ts';

/**
 * The purchase canary as CloudWatch Synthetics runs it (its Playwright runtime; the handler contract of
 * "Writing a Node.js canary script using the Playwright runtime": an ES module exporting `handler`,
 * `index.handler`, packaged with what it imports). Synthetics launches the browser and names each step
 * of the walk (events/canary/purchase-journey.ts) in its report and metrics, with a screenshot of the
 * step that failed in the canary's artifacts bucket (synthetics.json beside the bundle, infra/canary.ts).
 * The site is SITE_URL; the canary account's sign-in is the stage's secret `cutloom/{stage}/canary`.
 */
export const handler = async (): Promise<void> => {
  const credentials = JSON.parse(
    await secretText(requiredEnvironment('CANARY_SECRET_ARN')),
  ) as CanaryCredentials;
  const browser = await synthetics.launch();
  try {
    const page = await synthetics.newPage(browser);
    const step: StepRunner = (name, action) =>
      synthetics.executeStep(name, action, { screenshotOnStepFailure: true }, page);
    await walkPurchase({ page, base: requiredEnvironment('SITE_URL'), ...credentials, step });
  } finally {
    await synthetics.close();
  }
};
