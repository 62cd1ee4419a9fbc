import { defineConfig, devices, type ReporterDescription } from '@playwright/test';
import { chromiumLaunch } from './scripts/headless-chromium.ts';
import { DUPLICATE_DELIVERY_VARIABLE } from './scripts/local/at-least-once.ts';
import { RECONCILIATION_VARIABLE } from './scripts/local/reconciliation-switch.ts';

/**
 * The product's port for this run: E2E_PORT, else one derived from this process so that test runs of
 * several checkouts on one machine do not collide. It is fixed here, in the main process, before the
 * workers start: they inherit the variable and so agree on it.
 */
process.env.E2E_PORT ??= String(20_000 + (process.pid % 20_000));
const PORT = Number(process.env.E2E_PORT);
// At-least-once delivery on (scripts/local/at-least-once.ts): the product's runtimes, started here or by
// the tests, deliver every SQS message and scheduled event twice.
process.env[DUPLICATE_DELIVERY_VARIABLE] ??= '1';
// No nightly reconciliation in the product's runtimes unless a test asks for one.
process.env[RECONCILIATION_VARIABLE] ??= 'off';

/** The run's console reporter, and each test's duration in a JSON file (reports/ is not committed). */
export function reporters(jsonFile: string): ReporterDescription[] {
  return [[process.env.CI ? 'list' : 'line'], ['json', { outputFile: jsonFile }]];
}

/**
 * Browser tests against the whole product served by the local runtime (production build of the web,
 * in-memory database), in Debian's Chromium: no browser download.
 */
export default defineConfig({
  testDir: 'e2e',
  fullyParallel: true,
  workers: 2,
  // One retry: a test that fails and then passes is reported as flaky in the summary (and must then be
  // fixed: this project has fixed each one it saw), so one timing race on a loaded 2-core machine does not
  // fail the whole run. A test that fails twice fails the run.
  retries: 1,
  // Each test's duration is kept, to find what makes the step long.
  reporter: reporters('reports/playwright.json'),
  timeout: 30_000,
  use: {
    baseURL: `http://localhost:${PORT}`,
    // A trace only on a failed test's retry: recording one for every test (its screencast and snapshots at each
    // step) took about half the CPU of the step on two cores (the browser's process, its GPU process and the
    // worker writing it).
    trace: 'on-first-retry',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: chromiumLaunch(),
      },
    },
  ],
  webServer: {
    command: 'node_modules/.bin/tsx scripts/local/start.ts --in-memory --web=dist',
    env: { PORT: String(PORT), LOG_LEVEL: 'warn' },
    url: `http://localhost:${PORT}/_local/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
