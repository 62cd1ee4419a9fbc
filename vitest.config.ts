import { defineConfig } from 'vitest/config';

/**
 * Three kinds of tests, one runner:
 * - unit: pure tests beside the code (`*.test.ts` / `*.test.tsx` outside infra and the integration folder);
 * - integration: handlers over HTTP through the local gateway against DynamoDB Local
 *   (`test/integration/**`), which one global setup starts once for the run;
 * - infra: CDK Template and cdk-nag tests (`infra/**`).
 * Browser tests are Playwright's (e2e/), run after these by scripts/test.sh.
 */
export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test'), __WEB_APP__: JSON.stringify('dev') },
  test: {
    env: { LOG_LEVEL: 'error' },
    // Three files at once, of any project: the integration files wait on HTTP, the browser checkout and
    // DynamoDB Local far more than they compute, and the unit and infra files fill the cores meanwhile.
    // Vitest's default on two cores (cores - 1) ran every file one after another (Vitest about 1,190 s in
    // CI; 932 s with the integration files three at once and the others after them, two at once).
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: [
            'shared/**/*.test.ts',
            'functions/**/*.test.ts',
            'events/**/*.test.ts',
            'scripts/**/*.test.ts',
            'web/src/**/*.test.{ts,tsx}',
          ],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'integration',
          include: ['test/integration/**/*.test.ts'],
          globalSetup: ['test/integration/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // What a test polls for is done by another invocation (a provider's notification that won a
          // grant sends its receipt beside the run that charged): on two loaded cores it can take longer
          // than Vitest's 1 s to land. A bound on a wait, not a timing goal.
          expect: { poll: { timeout: 10_000 } },
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['infra/**/*.test.ts'],
          testTimeout: 120_000,
        },
      },
    ],
  },
});
