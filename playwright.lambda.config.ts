import { defineConfig } from '@playwright/test';
import base, { reporters } from './playwright.config.ts';
import { CHECK_ASSEMBLY } from './scripts/deploy/synth.ts';
import { LAMBDA_ASSEMBLY_VARIABLE } from './test/integration/isolated-runtime.ts';

/**
 * The journeys that prove the most, run against what ships (`npm start -- --lambda`): every API route,
 * queue consumer and scheduled target answered by its bundle from the cloud assembly, in processes of its
 * own with only its template's environment. The runtimes the tests start themselves run the same way
 * (test/integration/isolated-runtime.ts reads the variable set here), and every runtime's findings (a
 * variable read that its template does not give, an init failure) fail the run: e2e/lambda-findings.ts.
 *
 * The assembly is the one the deploy check deploys (scripts/test.sh makes it once, before both).
 */
process.env[LAMBDA_ASSEMBLY_VARIABLE] ??= CHECK_ASSEMBLY;
const assembly = process.env[LAMBDA_ASSEMBLY_VARIABLE];

/** A first purchase by card and by virtual account, the first purchase as one flow in the app (signed out and
 * signed in, its calls and page loads asserted), a refund, a console sign-in with its second factor and a staff
 * write in the audit trail, a bulk job through its queue, a scheduled renewal, an account deletion, and the
 * purchase canary's walk. */
const JOURNEYS: Array<[file: string, title: RegExp]> = [
  ['journey-purchase.spec.ts', /a new ko customer subscribes by card|by virtual account and pays it in/],
  [
    'journey-first-purchase.spec.ts',
    /ko at 1280 px: a visitor not signed in|en at 1280 px: a visitor already signed in/,
  ],
  ['user-refund.spec.ts', /asks for a refund and gets the whole price back/],
  ['console-staff.spec.ts', /a config edit is in the audit trail/],
  ['console-bulk-usage.spec.ts', /a bulk usage grant from a CSV/],
  ['billing.spec.ts', /the renewal is charged with its receipt/],
  ['account-deletion.spec.ts', /deleted from the billing page/],
  ['canary.spec.ts', /the purchase canary buys Standard monthly/],
];

export default defineConfig({
  ...base,
  testMatch: JOURNEYS.map(([file]) => file),
  grep: new RegExp(JOURNEYS.map(([, title]) => title.source).join('|')),
  globalTeardown: './e2e/lambda-findings.ts',
  reporter: reporters('reports/playwright-lambda.json'),
  // Every function's first call is a cold start here (a process starts and loads its bundle), as in AWS
  // after a deployment: what a test waits for may take that much longer.
  timeout: 180_000,
  // One at a time: each runtime runs dozens of function processes (cold starts are CPU-bound), and the
  // tests' own time limits are the one-process runtime's.
  workers: 1,
  expect: { timeout: 20_000 },
  webServer: {
    ...(base.webServer as Exclude<typeof base.webServer, unknown[] | undefined>),
    command: `node_modules/.bin/tsx scripts/local/start.ts --in-memory --web=dist --lambda --assembly=${assembly}`,
    timeout: 180_000,
  },
});
