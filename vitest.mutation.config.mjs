// @ts-check
import { defineConfig } from 'vitest/config';
import { UnloadableTestFileAsFailedTest } from './scripts/mutation/unloadable-test-file.ts';
import { MONEY_MODULES } from './stryker.config.mjs';
import base from './vitest.config.ts';

/**
 * The mutation run's tests (stryker.config.mjs): the `unit` project of vitest.config.ts, narrowed to
 * the test file beside each money module (`x.ts` -> `x.test.ts`): a money rule is proven by the tests
 * that state it, next to it. It also bounds the cost of a mutant of a module's top-level declarations
 * (a price, a code list), which runs every included test file importing the module. A test file that
 * cannot load counts as a failed test (UnloadableTestFileAsFailedTest).
 */
const unit = base.test?.projects?.find(
  (project) => typeof project === 'object' && 'test' in project && project.test?.name === 'unit',
);
if (typeof unit !== 'object' || !('test' in unit)) throw new Error('vitest.config.ts has no unit project');

export default defineConfig({
  ...base,
  test: {
    ...base.test,
    reporters: ['default', new UnloadableTestFileAsFailedTest()],
    projects: [
      {
        ...unit,
        test: { ...unit.test, include: MONEY_MODULES.map((module) => module.replace(/\.ts$/, '.test.ts')) },
      },
    ],
  },
});
