import * as z from 'zod';
import { readFields, sendJson } from '../http-helpers.ts';
import type { LocalEndpointHandler } from '../stand-in-context.ts';
import type { LocalDeployment, LocalFunction } from './assembly.ts';
import type { CrashResult, TracedInvocation } from './call-trace.ts';
import type { CrashPoint } from './crash-protocol.ts';
import type { FunctionHost } from './function-host.ts';

/**
 * Crash points of `npm start -- --lambda`: a test arms a point on a function (`POST /_local/crash`), the
 * function's next invocations carry it to their process (crash-protocol.ts), and the process is killed
 * there. Every invocation's outgoing calls are kept (the last RECENT_INVOCATIONS per function), so that a
 * test first runs a scenario whole to learn its calls, then walks each point; each armed plan says, per
 * invocation, whether its point was reached. A warm process makes fewer calls than a new one (a secret, an
 * access token kept from before), so `/_local/lambda/cold-start` ends a function's idle processes: the
 * run that learns the calls and each run that walks them start alike. docs/local-runtime.md "Crash points"
 * describes the control.
 */

/** How many ended invocations are kept per function. */
export const RECENT_INVOCATIONS = 20;

export interface CrashPlan {
  id: string;
  /** The function's name, as /_local/lambda.json lists it. */
  functionName: string;
  point: CrashPoint;
  /** Only invocations whose event holds this text carry the point (a merchantUid: one test's own data). */
  match?: string;
  /**
   * The invocation carrying the point runs in a new process, as a cold start (default): its calls are
   * those of a new process (a secret, an access token read again), whatever ran before it.
   */
  newProcess: boolean;
  times: number;
  /** How many of its next invocations will still carry the point. */
  left: number;
  armedAt: string;
  /** One per invocation that carried the point, once it ended. */
  results: Array<CrashResult & { requestId: string }>;
}

export class CrashPoints {
  private readonly plans: CrashPlan[] = [];
  /** Each function's last invocations, with their events' text (to find one by its data). */
  private readonly recent = new Map<string, Array<{ invocation: TracedInvocation; event: string }>>();
  private sequence = 0;

  /** The next `times` invocations of the function (holding `match`) carry `point`, after those armed before. */
  arm(
    functionName: string,
    point: CrashPoint,
    options: { times: number; match?: string | undefined; newProcess: boolean },
  ): CrashPlan {
    this.sequence += 1;
    const plan: CrashPlan = {
      id: `crash-${this.sequence}`,
      functionName,
      point,
      ...(options.match ? { match: options.match } : {}),
      newProcess: options.newProcess,
      times: options.times,
      left: options.times,
      armedAt: new Date().toISOString(),
      results: [],
    };
    this.plans.push(plan);
    return plan;
  }

  /** The plan an invocation of the function with this event would carry, if one is armed. */
  next(functionName: string, event: string): CrashPlan | undefined {
    return this.plans.find(
      (plan) =>
        plan.functionName === functionName &&
        plan.left > 0 &&
        (plan.match === undefined || event.includes(plan.match)),
    );
  }

  /** The point an invocation of the function starting now with this event carries, if one is armed. */
  take(functionName: string, event: string): { planId: string; point: CrashPoint } | undefined {
    const plan = this.next(functionName, event);
    if (!plan) return undefined;
    plan.left -= 1;
    return { planId: plan.id, point: plan.point };
  }

  /** An invocation ended: it is kept, and its plan gets its result. */
  ended(invocation: TracedInvocation, event: string): void {
    const list = this.recent.get(invocation.functionName) ?? [];
    list.push({ invocation, event });
    if (list.length > RECENT_INVOCATIONS) list.shift();
    this.recent.set(invocation.functionName, list);
    if (!invocation.crash) return;
    const { planId, ...result } = invocation.crash;
    this.plans
      .find((plan) => plan.id === planId)
      ?.results.push({ requestId: invocation.requestId, ...result });
  }

  /** No invocation carries a point any more; answers how many would have. */
  disarm(): number {
    let dropped = 0;
    for (const plan of this.plans) {
      dropped += plan.left;
      plan.left = 0;
    }
    return dropped;
  }

  /** The plans and the kept invocations (oldest first), of one function or of all, whose event holds `match`. */
  state(filter: { functionName?: string; planId?: string; match?: string } = {}): {
    plans: CrashPlan[];
    invocations: TracedInvocation[];
  } {
    const plans = this.plans.filter(
      (plan) =>
        (!filter.functionName || plan.functionName === filter.functionName) &&
        (!filter.planId || plan.id === filter.planId),
    );
    const kept = filter.functionName
      ? (this.recent.get(filter.functionName) ?? [])
      : [...this.recent.values()]
          .flat()
          .sort((a, b) => a.invocation.startedAt.localeCompare(b.invocation.startedAt));
    const invocations = kept
      .filter((entry) => !filter.match || entry.event.includes(filter.match))
      .map((entry) => entry.invocation);
    return { plans, invocations };
  }
}

const PointSchema = z.union([
  z.strictObject({ call: z.number().int().min(1), when: z.enum(['sent', 'answered']) }),
  z.strictObject({ handler: z.literal('returned') }),
]);

const ArmSchema = z.strictObject({
  function: z.string().min(1),
  point: PointSchema,
  match: z.string().min(1).optional(),
  newProcess: z.boolean().default(true),
  times: z.number().int().min(1).max(1000).default(1),
});

const POINT_SHAPES =
  'point is {"call": k, "when": "sent" | "answered"} (k from 1) or {"handler": "returned"}; times a whole number from 1 (default 1); match a text the invocation\'s event holds (optional); newProcess true or false (default true)';

/** The construct's own id: the path segment before `/Resource` (a route's name, a target's id). */
function constructId(fn: LocalFunction): string {
  const path = fn.path.split('/');
  return (path.at(-1) === 'Resource' ? path.at(-2) : path.at(-1)) ?? fn.logicalId;
}

/**
 * The function `name` means: its name (`cutloom-local-createBillingKeyPayment`), its construct id (a route's
 * name, `createBillingKeyPayment`; a scheduled target's id), its logical id, or a route key
 * (`POST /payment/create-billing-key-payment`).
 */
export function findFunction(
  deployment: LocalDeployment,
  name: string,
): { fn: LocalFunction } | { status: number; message: string } {
  const routed = deployment.routes.get(name);
  if (routed) return { fn: routed };
  const found = deployment.functions.filter(
    (fn) => fn.name === name || fn.logicalId === name || constructId(fn) === name,
  );
  if (found.length === 1) return { fn: found[0] as LocalFunction };
  if (found.length > 1)
    return {
      status: 400,
      message: `${name} names ${found.length} functions (${found.map((fn) => fn.name).join(', ')}): give the function's name`,
    };
  return {
    status: 404,
    message: `No function of the cloud assembly is named ${name} (names, route keys and route names: /_local/lambda.json, /_local/openapi.json)`,
  };
}

const ColdStartSchema = z.strictObject({ function: z.string().min(1) });

const CONTROL_ROUTES = [
  'POST /_local/crash',
  'GET /_local/crash',
  'DELETE /_local/crash',
  'POST /_local/lambda/cold-start',
] as const;
type ControlRoute = (typeof CONTROL_ROUTES)[number];

/** `/_local/crash` and `/_local/lambda/cold-start` under `npm start -- --lambda`. */
export function crashControl(
  deployment: LocalDeployment,
  crashes: CrashPoints,
  host: Pick<FunctionHost, 'endIdle'>,
): Record<ControlRoute, LocalEndpointHandler> {
  return {
    'POST /_local/crash': async (req, res) => {
      const parsed = ArmSchema.safeParse(await readFields(req));
      if (!parsed.success)
        return sendJson(res, 400, {
          message: `function names the function; ${POINT_SHAPES}`,
          issues: parsed.error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${issue.message}`),
        });
      const found = findFunction(deployment, parsed.data.function);
      if (!('fn' in found)) return sendJson(res, found.status, { message: found.message });
      const { point, times, match, newProcess } = parsed.data;
      sendJson(res, 201, crashes.arm(found.fn.name, point, { times, match, newProcess }));
    },
    'GET /_local/crash': (req, res) => {
      const query = new URL(req.url ?? '/', 'http://localhost').searchParams;
      const name = query.get('function');
      let functionName: string | undefined;
      if (name) {
        const found = findFunction(deployment, name);
        if (!('fn' in found)) return sendJson(res, found.status, { message: found.message });
        functionName = found.fn.name;
      }
      const planId = query.get('plan');
      const match = query.get('match');
      sendJson(
        res,
        200,
        crashes.state({
          ...(functionName ? { functionName } : {}),
          ...(planId ? { planId } : {}),
          ...(match ? { match } : {}),
        }),
      );
    },
    'DELETE /_local/crash': (_req, res) => sendJson(res, 200, { disarmed: crashes.disarm() }),
    'POST /_local/lambda/cold-start': async (req, res) => {
      const parsed = ColdStartSchema.safeParse(await readFields(req));
      if (!parsed.success) return sendJson(res, 400, { message: 'function names the function' });
      const found = findFunction(deployment, parsed.data.function);
      if (!('fn' in found)) return sendJson(res, found.status, { message: found.message });
      sendJson(res, 200, { functionName: found.fn.name, ended: await host.endIdle(found.fn) });
    },
  };
}

/** The same in the one-process runtime, where killing a function would end every function (and the runtime). */
export function crashControlRefusal(): Record<ControlRoute, LocalEndpointHandler> {
  const refuse: LocalEndpointHandler = (_req, res) =>
    sendJson(res, 409, {
      message:
        'Crash points and cold starts need `npm start -- --lambda`: here every function runs in this one process, so killing one would end them all',
    });
  return Object.fromEntries(CONTROL_ROUTES.map((route) => [route, refuse])) as Record<
    ControlRoute,
    LocalEndpointHandler
  >;
}
