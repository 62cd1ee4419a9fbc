import { parseArgs } from 'node:util';
import { chromium } from '@playwright/test';
import { chromiumLaunch } from '../headless-chromium.ts';
import { SEEDED_ACCOUNTS } from '../local/seed.ts';
import { CanaryFailure, runCanary } from './local-canary.ts';

/**
 * `npm run canary -- --base http://localhost:3000`: the purchase canary once, in Debian's Chromium,
 * against a site (a local runtime by default, with its seeded canary account; any stage with
 * `--email`/`--password`, or CANARY_EMAIL and CANARY_PASSWORD, from its secret `cutloom/{stage}/canary`).
 * Prints each step; on a failure the step's screenshot is in `--artifacts` (test-results/canary) and the
 * exit code is 1.
 */
const { values } = parseArgs({
  options: {
    base: { type: 'string', default: 'http://localhost:3000' },
    email: { type: 'string' },
    password: { type: 'string' },
    artifacts: { type: 'string', default: 'test-results/canary' },
    headed: { type: 'boolean', default: false },
  },
});

const browser = await chromium.launch(chromiumLaunch(values.headed));
const page = await (
  await browser.newContext({ locale: 'ko-KR', viewport: { width: 1280, height: 900 } })
).newPage();
console.log(`Purchase canary against ${values.base}`);
const started = performance.now();
try {
  const outcome = await runCanary(page, {
    base: values.base,
    email: values.email ?? process.env.CANARY_EMAIL ?? SEEDED_ACCOUNTS.canary.email,
    password: values.password ?? process.env.CANARY_PASSWORD ?? SEEDED_ACCOUNTS.canary.password,
    artifacts: values.artifacts,
    log: (line) => console.log(line),
  });
  console.log(
    outcome.checkout === 'sandbox'
      ? `Bought and refunded ${outcome.charged} (${outcome.checkoutUid}) in ${Math.round(performance.now() - started)} ms`
      : `The provider's checkout opened for ${outcome.charged}; the walk ends there (docs/operations.md)`,
  );
} catch (error) {
  console.error(error instanceof CanaryFailure ? `${error.message}\nScreenshot: ${error.screenshot}` : error);
  process.exitCode = 1;
} finally {
  await browser.close();
}
