import type { RunnerTestCase } from 'vitest';
import type { Reporter, Vitest } from 'vitest/node';

/**
 * A vitest reporter for the mutation run only (vitest.mutation.config.mjs): a test file that failed to
 * load gets one failed test carrying its load error. Stryker's vitest runner builds a mutant's result
 * from the tests vitest collected, and a file whose import throws collects none, so a mutant that stops
 * a money module from loading (a code list emptied, a rule table gone) was counted as survived although
 * every test of the module fails (stryker-mutator/stryker-js#6150, open for 9.6 and 10).
 */
export class UnloadableTestFileAsFailedTest implements Reporter {
  private vitest: Vitest | undefined;

  onInit(vitest: Vitest): void {
    this.vitest = vitest;
  }

  onTestRunEnd(): void {
    for (const file of this.vitest?.state.getFiles() ?? []) {
      if (file.result?.state !== 'fail' || file.tasks.length > 0) continue;
      // Only the fields the runner reads: its name, its file, its state and the error (vitest's own
      // context object cannot be built outside a run, and nothing reads it once the run has ended).
      const loading = {
        type: 'test',
        id: `${file.id}_load`,
        name: 'the test file loads',
        mode: 'run',
        file,
        suite: file,
        meta: {},
        annotations: [],
        artifacts: [],
        timeout: 0,
        result: { state: 'fail', errors: file.result.errors ?? [] },
      } as unknown as RunnerTestCase;
      file.tasks.push(loading);
    }
  }
}
