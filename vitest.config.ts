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
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          // CPU-bound: both cores (Vitest's default on two is one worker), after the integration tests.
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
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
          // Three files at once: they wait on HTTP, the browser checkout and DynamoDB Local far more than
          // they compute, and Vitest's default on two cores (cores - 1) ran them one after another (about
          // 1,000 s, against about 600 with three; files that change global state have runtimes of their own).
          // Projects of different worker counts run one group after another: this one first.
          maxWorkers: 3,
          sequence: { groupOrder: 0 },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'infra',
          include: ['infra/**/*.test.ts'],
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
        },
      },
    ],
  },
});
