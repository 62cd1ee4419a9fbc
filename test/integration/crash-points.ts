import type { CrashResult, TracedCall, TracedInvocation } from '../../scripts/local/lambda/call-trace.ts';
import type { CrashPlan } from '../../scripts/local/lambda/crash-points.ts';
import type { CrashPoint } from '../../scripts/local/lambda/crash-protocol.ts';
import type { SlowAnswer } from '../../scripts/local/payment-sandbox/slow-answers.ts';

export type { CrashPlan, CrashPoint, CrashResult, SlowAnswer, TracedCall, TracedInvocation };

/**
 * A test's hold on the crash points of a runtime started with `--lambda` (`/_local/crash`,
 * docs/local-runtime.md "Crash points") and on the payment sandbox's slow answers
 * (`/_local/payments/slow`). Typical use: `coldStart(route)`, run the scenario once whole, read
 * `lastInvocation(route)` to learn its calls; then for each of `everyCrashPoint(calls)`: `coldStart(route)`,
 * arm the point, run the scenario again, check that `plan(armed)` reached it, then check what the product
 * and the provider hold. A warm process makes fewer calls than a new one (a secret or an access token kept
 * from an earlier invocation), hence the cold starts: every run starts alike.
 */

/** A function as `/_local/crash` finds it: its name, a route's name or key, a target's id; or the route itself. */
export type FunctionRef = string | { readonly name: string };

export interface ArmOptions {
  /** How many of the next invocations carry the point (default 1). */
  times?: number;
  /** Only invocations whose event holds this text (a merchantUid: the test's own data, so tests can run side by side). */
  match?: string;
  /** The invocation runs in a new process, as a cold start (default true), so that its calls are a cold start's. */
  newProcess?: boolean;
}

export interface CrashControl {
  /** The function's next `times` (default 1) invocations (holding `match`) carry `point`. */
  arm(fn: FunctionRef, point: CrashPoint, options?: ArmOptions): Promise<CrashPlan>;
  /**
   * The plan as it is now, with a result per invocation that carried it; with `waitMs`, once every one of
   * its `times` has ended or that long has passed (a queue consumer or a scheduled target ends after the
   * call that led to it answered).
   */
  plan(plan: CrashPlan | string, options?: { waitMs?: number }): Promise<CrashPlan>;
  /** The function's last ended invocations (up to 20; those whose event holds `match`), oldest first, with their calls. */
  invocations(fn: FunctionRef, options?: { match?: string }): Promise<TracedInvocation[]>;
  /** The function's last ended invocation (whose event holds `match`); throws when it has none. */
  lastInvocation(fn: FunctionRef, options?: { match?: string }): Promise<TracedInvocation>;
  /** No invocation carries a point any more; answers how many armed invocations were dropped. */
  disarm(): Promise<number>;
  /** Ends the function's idle processes: its next invocation starts a new one. Answers how many ended. */
  coldStart(fn: FunctionRef): Promise<number>;
}

const nameOf = (fn: FunctionRef) => (typeof fn === 'string' ? fn : fn.name);

async function local(baseUrl: string, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(new URL(path, baseUrl), {
    method,
    headers: { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const answer = (await response.json()) as { message?: string };
  if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

export function crashControl(baseUrl: string): CrashControl {
  const state = (query: Record<string, string>) =>
    local(baseUrl, 'GET', `/_local/crash?${new URLSearchParams(query)}`) as Promise<{
      plans: CrashPlan[];
      invocations: TracedInvocation[];
    }>;
  const control: CrashControl = {
    arm: (fn, point, options = {}) =>
      local(baseUrl, 'POST', '/_local/crash', {
        function: nameOf(fn),
        point,
        ...options,
      }) as Promise<CrashPlan>,
    async plan(plan, options = {}) {
      const id = typeof plan === 'string' ? plan : plan.id;
      const deadline = Date.now() + (options.waitMs ?? 0);
      for (;;) {
        const found = (await state({ plan: id })).plans[0];
        if (!found) throw new Error(`No crash plan ${id}`);
        if (found.results.length >= found.times || Date.now() >= deadline) return found;
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    },
    invocations: async (fn, options = {}) =>
      (await state({ function: nameOf(fn), ...(options.match ? { match: options.match } : {}) })).invocations,
    async lastInvocation(fn, options = {}) {
      const last = (await control.invocations(fn, options)).at(-1);
      if (!last)
        throw new Error(
          `${nameOf(fn)} has no ended invocation${options.match ? ` holding ${options.match}` : ''}`,
        );
      return last;
    },
    disarm: async () => ((await local(baseUrl, 'DELETE', '/_local/crash')) as { disarmed: number }).disarmed,
    coldStart: async (fn) =>
      (
        (await local(baseUrl, 'POST', '/_local/lambda/cold-start', { function: nameOf(fn) })) as {
          ended: number;
        }
      ).ended,
  };
  return control;
}

/** Every point of an invocation that makes `calls` outgoing calls: each call sent and answered, then the handler's end. */
export function everyCrashPoint(calls: number): CrashPoint[] {
  const points: CrashPoint[] = [];
  for (let call = 1; call <= calls; call += 1)
    points.push({ call, when: 'sent' }, { call, when: 'answered' });
  points.push({ handler: 'returned' });
  return points;
}

/** A point as a test's title says it: `call 2 sent`, `handler returned`. */
export function describeCrashPoint(point: CrashPoint): string {
  return 'call' in point ? `call ${point.call} ${point.when}` : 'handler returned';
}

/**
 * The payment sandbox does the work of the next `times` (default 1) requests to `path` at once and answers
 * each `delayMs` later (docs/local-runtime.md "Slow providers").
 */
export function slowProviderAnswers(
  baseUrl: string,
  answer: { path: string; delayMs: number; times?: number; method?: string },
): Promise<SlowAnswer> {
  return local(baseUrl, 'POST', '/_local/payments/slow', answer) as Promise<SlowAnswer>;
}
