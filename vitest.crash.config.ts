import { defineConfig } from 'vitest/config';

/**
 * The crash suite (issue 40, docs/after-purchase.md "Money that survives a crash"): every money route run
 * as Lambda runs it (`npm start -- --lambda`), its function ended at each of its crash points, the retry a
 * person or the provider would make, the clock moved past the re-checks, and the provider's money and the
 * product's records compared. It needs the synthesized assembly (`scripts/deploy/synth.ts`), so the test
 * command runs it after the synth, apart from the other Vitest projects.
 */
export default defineConfig({
  define: { __APP_VERSION__: JSON.stringify('test'), __WEB_APP__: JSON.stringify('dev') },
  test: {
    name: 'crash',
    include: ['test/crash/**/*.test.ts'],
    globalSetup: ['test/crash/global-setup.ts'],
    env: { LOG_LEVEL: 'error' },
    // One runtime, one test file at a time: the walks share its functions' processes and its clock.
    fileParallelism: false,
    testTimeout: 900_000,
    hookTimeout: 300_000,
  },
});
