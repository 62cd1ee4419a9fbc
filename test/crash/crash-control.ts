import { inject } from 'vitest';
import {
  type CrashPlan,
  type CrashPoint,
  crashControl,
  type TracedCall,
} from '../integration/crash-points.ts';

export type { CrashPlan, CrashPoint, TracedCall };

/**
 * The crash suite's hold on the runtime's crash points (`/_local/crash`, docs/local-runtime.md "Crash
 * points"), over test/integration/crash-points.ts: each walk arms its point on its own data's invocation
 * (`match`), which runs in a new process, so walks run side by side.
 */
const control = () => crashControl(inject('apiUrl'));

/** How long an invocation the step leads to may take to end (a webhook's, a consumer's come after the act). */
const ENDED_WITHIN_MS = 15_000;

/**
 * Arms `point` on the next invocation of `functionName` whose event holds `match`, in a new process; no
 * point arms nothing (the walk's run without a crash).
 */
export async function armCrash(options: {
  functionName: string;
  match: string;
  point: CrashPoint | undefined;
}): Promise<CrashPlan | undefined> {
  if (!options.point) return undefined;
  return control().arm(options.functionName, options.point, { match: options.match });
}

/**
 * Whether the armed point was reached: true; false when the invocation that carried it ended before it;
 * undefined when no invocation carried it (the step never invoked the function with that data). With it,
 * the call the process was ended at, as that invocation made it (calls made side by side may come in
 * another order than in the run that counted them).
 */
export async function crashResult(
  armed: CrashPlan | undefined,
): Promise<{ reached: boolean | undefined; call?: TracedCall | undefined }> {
  if (!armed) return { reached: undefined };
  const [result] = (await control().plan(armed, { waitMs: ENDED_WITHIN_MS })).results;
  if (result === undefined) return { reached: undefined };
  return result.outcome === 'reached' ? { reached: true, call: result.call } : { reached: false };
}

/** The outgoing calls of the last ended invocation of `functionName` whose event holds `match`. */
export async function lastCallsOf(functionName: string, match: string): Promise<TracedCall[]> {
  const deadline = Date.now() + ENDED_WITHIN_MS;
  for (;;) {
    const last = (await control().invocations(functionName, { match })).at(-1);
    if (last) return last.calls;
    if (Date.now() >= deadline)
      throw new Error(`No invocation of ${functionName} holding ${match} has ended`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/**
 * Ends the function's idle processes, so that its next invocation starts a new one, as each crash point's
 * does: before the run that learns a step's calls, so that it makes a new process's calls too.
 */
export function coldStart(functionName: string): Promise<number> {
  return control().coldStart(functionName);
}
