import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { nowMs } from '../../../functions/core/clock.ts';
import { SCHEDULED_TARGETS, scheduledTargetArnVariable } from '../../../shared/jobs/schedules.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * EventBridge Scheduler on one machine. It speaks the Scheduler REST-JSON protocol of AWS SDK v3
 * (CreateSchedule, GetSchedule, UpdateSchedule, DeleteSchedule, ListSchedules), so the production
 * adapter (functions/core/adapters/scheduler.ts) runs unchanged against it, and when a schedule is due
 * it invokes the target's module with the schedule's Input as the event, as Scheduler invokes a Lambda.
 * A failed invocation is retried with exponential back-off up to the RetryPolicy's attempts.
 *
 * Expressions: `at(yyyy-mm-ddThh:mm:ss)` and `rate(n minute|minutes|hour|hours|day|days)`, in UTC.
 * `cron()` is refused with a ValidationException: the product schedules one-off invocations (each
 * run schedules the next), so it never needs it.
 *
 * The test clock: `POST /_local/clock {"advanceSeconds": n}` (or `{"to": iso}`) moves the server's
 * clock forward, firing every schedule that falls due on the way in time order, each run complete
 * before the next; `GET /_local/clock` tells the time. Schedules live in `schedules.json` beside the
 * database, so they survive a restart as the data does.
 */
const ACCOUNT = '000000000000';
const REGION = 'ap-northeast-2';
const GROUP = 'cutloom-local';
const ROLE_ARN = `arn:aws:iam::${ACCOUNT}:role/cutloom-local-scheduler`;

interface StoredSchedule {
  Name: string;
  GroupName: string;
  ScheduleExpression: string;
  ScheduleExpressionTimezone?: string;
  State: 'ENABLED' | 'DISABLED';
  Description?: string;
  StartDate?: number;
  EndDate?: number;
  ActionAfterCompletion: 'NONE' | 'DELETE';
  FlexibleTimeWindow: { Mode: string; MaximumWindowInMinutes?: number };
  Target: {
    Arn: string;
    RoleArn: string;
    Input?: string;
    RetryPolicy?: { MaximumRetryAttempts?: number; MaximumEventAgeInSeconds?: number };
  };
  CreationDate: number;
  LastModificationDate: number;
  /** Local bookkeeping: when it next fires (ms), and the retry in progress. */
  nextRunMs: number | null;
  attempt: number;
  lastError?: string;
  runs: number;
}

class SchedulerFault extends Error {
  constructor(
    readonly type: 'ValidationException' | 'ConflictException' | 'ResourceNotFoundException',
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const RATE = /^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/;
const AT = /^at\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\)$/;
const UNIT_MS: Record<string, number> = { minute: 60_000, hour: 3_600_000, day: 86_400_000 };

function firstRun(expression: string, startMs: number): number {
  const at = AT.exec(expression);
  if (at) return Date.parse(`${at[1]}Z`);
  const rate = RATE.exec(expression);
  if (rate) return startMs + Number(rate[1]) * (UNIT_MS[(rate[2] as string).replace(/s$/, '')] as number);
  if (expression.startsWith('cron(')) {
    throw new SchedulerFault(
      'ValidationException',
      400,
      'cron() expressions are not supported by the local scheduler; use at() or rate()',
    );
  }
  throw new SchedulerFault('ValidationException', 400, `Invalid schedule expression ${expression}`);
}

export interface SchedulerOptions {
  /** Targets beyond shared/jobs/schedules.ts (tests): a module path from the repository root. */
  extraTargets?: ReadonlyArray<{ id: string; module: string }>;
  /** First retry delay (ms of the schedule's clock); doubles per attempt. */
  retryDelayMs?: number;
}

export async function start(ctx: StandInContext, options: SchedulerOptions = {}): Promise<StandIn> {
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const targets = [
    ...SCHEDULED_TARGETS.map((target) => ({ id: target.id, module: `events/${target.handler}` })),
    ...(options.extraTargets ?? []),
  ];
  const arnOf = (target: { id: string }) =>
    `arn:aws:lambda:${REGION}:${ACCOUNT}:function:cutloom-local-${target.id}`;
  const moduleByArn = new Map(targets.map((target) => [arnOf(target), target.module]));

  const file = ctx.stateDir ? join(ctx.stateDir, 'schedules.json') : undefined;
  const schedules = new Map<string, StoredSchedule>(
    file && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as StoredSchedule[]).map((s) => [key(s.GroupName, s.Name), s])
      : [],
  );
  const save = () => {
    if (file) writeFileSync(file, JSON.stringify([...schedules.values()], null, 2));
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** Runs one at a time, so the clock and the schedules stay consistent. */
  let running: Promise<void> = Promise.resolve();
  const exclusive = (work: () => Promise<void>) => {
    running = running.then(work, work);
    return running;
  };

  function key(group: string, name: string) {
    return `${group}/${name}`;
  }

  function dueSchedule(untilMs: number): StoredSchedule | undefined {
    let earliest: StoredSchedule | undefined;
    for (const schedule of schedules.values()) {
      if (schedule.State !== 'ENABLED' || schedule.nextRunMs === null || schedule.nextRunMs > untilMs)
        continue;
      if (!earliest || schedule.nextRunMs < (earliest.nextRunMs as number)) earliest = schedule;
    }
    return earliest;
  }

  async function fire(schedule: StoredSchedule): Promise<void> {
    const module = moduleByArn.get(schedule.Target.Arn);
    const scheduledAt = schedule.nextRunMs as number;
    let failure: string | undefined;
    if (!module) failure = `No scheduled target has the ARN ${schedule.Target.Arn}`;
    else {
      try {
        await ctx.invokeModule(module, JSON.parse(schedule.Target.Input ?? '{}'));
      } catch (error) {
        failure = error instanceof Error ? error.message : String(error);
      }
    }
    const current = schedules.get(key(schedule.GroupName, schedule.Name));
    // Deleted or replaced while it ran: the new definition decides what happens next.
    if (current !== schedule) return;
    const maxAttempts = schedule.Target.RetryPolicy?.MaximumRetryAttempts ?? 185;
    if (failure) {
      console.error(`Scheduled ${schedule.Name} failed (attempt ${schedule.attempt + 1}): ${failure}`);
      schedule.lastError = failure;
      if (schedule.attempt < maxAttempts) {
        schedule.nextRunMs = nowMs() + retryDelayMs * 2 ** schedule.attempt;
        schedule.attempt += 1;
        save();
        return;
      }
    }
    schedule.runs += 1;
    schedule.attempt = 0;
    const rate = RATE.exec(schedule.ScheduleExpression);
    const next = rate
      ? scheduledAt + Number(rate[1]) * (UNIT_MS[(rate[2] as string).replace(/s$/, '')] as number)
      : null;
    schedule.nextRunMs =
      next !== null && (!schedule.EndDate || next <= schedule.EndDate * 1000) ? next : null;
    if (schedule.nextRunMs === null && schedule.ActionAfterCompletion === 'DELETE') {
      schedules.delete(key(schedule.GroupName, schedule.Name));
    }
    save();
  }

  /** Fires what is due by the clock now, then sleeps until the next due time (at most a minute). */
  function wake(): void {
    if (stopped) return;
    clearTimeout(timer);
    void exclusive(async () => {
      for (let due = dueSchedule(nowMs()); due && !stopped; due = dueSchedule(nowMs())) await fire(due);
    }).then(() => {
      if (stopped) return;
      const next = Math.min(
        ...[...schedules.values()]
          .filter((schedule) => schedule.State === 'ENABLED' && schedule.nextRunMs !== null)
          .map((schedule) => schedule.nextRunMs as number),
      );
      const delay = Number.isFinite(next) ? Math.max(0, Math.min(60_000, next - nowMs())) : 60_000;
      timer = setTimeout(wake, delay);
    });
  }

  /** Moves the test clock to `targetMs`, firing what falls due on the way, in time order. */
  async function advanceTo(targetMs: number): Promise<void> {
    await exclusive(async () => {
      for (let due = dueSchedule(targetMs); due && !stopped; due = dueSchedule(targetMs)) {
        const at = due.nextRunMs as number;
        if (at > nowMs()) setOffset(at - Date.now());
        await fire(due);
      }
      if (targetMs > nowMs()) setOffset(targetMs - Date.now());
    });
    wake();
  }

  function setOffset(offsetMs: number): void {
    process.env.TEST_CLOCK_OFFSET_MS = String(Math.max(0, Math.round(offsetMs)));
  }

  function define(name: string, body: Record<string, unknown>, existing?: StoredSchedule): StoredSchedule {
    const target = body.Target as StoredSchedule['Target'] | undefined;
    if (!target?.Arn || !target.RoleArn)
      throw new SchedulerFault('ValidationException', 400, 'Target.Arn and Target.RoleArn are required');
    if (!moduleByArn.has(target.Arn))
      throw new SchedulerFault('ValidationException', 400, `Unknown target ${target.Arn}`);
    if (target.Input !== undefined) {
      try {
        JSON.parse(target.Input);
      } catch {
        throw new SchedulerFault('ValidationException', 400, 'Target.Input must be JSON for a Lambda target');
      }
    }
    const expression = String(body.ScheduleExpression ?? '');
    const timezone = body.ScheduleExpressionTimezone as string | undefined;
    if (timezone && timezone !== 'UTC') {
      throw new SchedulerFault(
        'ValidationException',
        400,
        'The local scheduler evaluates expressions in UTC only',
      );
    }
    const startDate = body.StartDate as number | undefined;
    const nowSeconds = Math.floor(nowMs() / 1000);
    const schedule: StoredSchedule = {
      Name: name,
      GroupName: String(body.GroupName ?? 'default'),
      ScheduleExpression: expression,
      ...(timezone ? { ScheduleExpressionTimezone: timezone } : {}),
      State: body.State === 'DISABLED' ? 'DISABLED' : 'ENABLED',
      ...(body.Description ? { Description: String(body.Description) } : {}),
      ...(startDate ? { StartDate: startDate } : {}),
      ...(body.EndDate ? { EndDate: body.EndDate as number } : {}),
      ActionAfterCompletion: body.ActionAfterCompletion === 'DELETE' ? 'DELETE' : 'NONE',
      FlexibleTimeWindow: (body.FlexibleTimeWindow as StoredSchedule['FlexibleTimeWindow']) ?? {
        Mode: 'OFF',
      },
      Target: target,
      CreationDate: existing?.CreationDate ?? nowSeconds,
      LastModificationDate: nowSeconds,
      nextRunMs: firstRun(expression, startDate ? startDate * 1000 : nowMs()),
      attempt: 0,
      runs: 0,
    };
    return schedule;
  }

  function view(schedule: StoredSchedule) {
    const { nextRunMs: _next, attempt: _attempt, lastError: _error, runs: _runs, ...rest } = schedule;
    return {
      ...rest,
      Arn: `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/${schedule.GroupName}/${schedule.Name}`,
    };
  }

  async function route(method: string, url: URL, body: Record<string, unknown>): Promise<unknown> {
    const name = decodeURIComponent(url.pathname.match(/^\/schedules\/([^/]+)$/)?.[1] ?? '');
    if (method === 'GET' && url.pathname === '/schedules') {
      const group = url.searchParams.get('ScheduleGroup');
      const prefix = url.searchParams.get('NamePrefix') ?? '';
      const state = url.searchParams.get('State');
      const list = [...schedules.values()].filter(
        (s) =>
          (!group || s.GroupName === group) && s.Name.startsWith(prefix) && (!state || s.State === state),
      );
      return {
        Schedules: list.map((s) => ({
          Arn: view(s).Arn,
          Name: s.Name,
          GroupName: s.GroupName,
          State: s.State,
          CreationDate: s.CreationDate,
          LastModificationDate: s.LastModificationDate,
          Target: { Arn: s.Target.Arn },
        })),
      };
    }
    if (!name)
      throw new SchedulerFault('ValidationException', 400, `No operation at ${method} ${url.pathname}`);
    const group = String(
      method === 'POST' || method === 'PUT'
        ? (body.GroupName ?? 'default')
        : (url.searchParams.get('groupName') ?? 'default'),
    );
    const id = key(group, name);
    const existing = schedules.get(id);
    if (method === 'POST') {
      if (existing) throw new SchedulerFault('ConflictException', 409, `Schedule ${name} already exists.`);
      const schedule = define(name, body);
      schedules.set(id, schedule);
      save();
      wake();
      return { ScheduleArn: view(schedule).Arn };
    }
    if (!existing)
      throw new SchedulerFault('ResourceNotFoundException', 404, `Schedule ${name} does not exist.`);
    if (method === 'GET') return view(existing);
    if (method === 'PUT') {
      const schedule = define(name, body, existing);
      schedules.set(id, schedule);
      save();
      wake();
      return { ScheduleArn: view(schedule).Arn };
    }
    if (method === 'DELETE') {
      schedules.delete(id);
      save();
      return {};
    }
    throw new SchedulerFault('ValidationException', 400, `No operation at ${method} ${url.pathname}`);
  }

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    return text ? (JSON.parse(text) as Record<string, unknown>) : {};
  }

  function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
    res.writeHead(status, { 'content-type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  }

  const server = createServer((req, res) => {
    void (async () => {
      try {
        const url = new URL(req.url ?? '/', 'http://localhost');
        reply(res, 200, await route(req.method ?? 'GET', url, await readJson(req)));
      } catch (error) {
        if (error instanceof SchedulerFault) {
          reply(res, error.status, { Message: error.message }, { 'x-amzn-errortype': error.type });
        } else {
          reply(res, 500, { Message: String(error) }, { 'x-amzn-errortype': 'InternalServerException' });
        }
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  ctx.registerLocalEndpoint('GET', '/_local/schedules.json', (_req, res) =>
    reply(
      res,
      200,
      [...schedules.values()].map((s) => ({
        ...view(s),
        nextRunAt: s.nextRunMs === null ? null : new Date(s.nextRunMs).toISOString(),
        runs: s.runs,
        attempt: s.attempt,
        lastError: s.lastError ?? null,
      })),
    ),
  );
  ctx.registerLocalEndpoint('GET', '/_local/clock', (_req, res) =>
    reply(res, 200, { now: new Date(nowMs()).toISOString(), offsetMs: nowMs() - Date.now() }),
  );
  ctx.registerLocalEndpoint('POST', '/_local/clock', async (req, res) => {
    const body = await readJson(req).catch(() => ({}) as Record<string, unknown>);
    const target =
      typeof body.advanceSeconds === 'number' && body.advanceSeconds >= 0
        ? nowMs() + body.advanceSeconds * 1000
        : typeof body.to === 'string'
          ? Date.parse(body.to)
          : Number.NaN;
    if (!Number.isFinite(target) || target < nowMs()) {
      reply(res, 400, {
        message:
          'Send {"advanceSeconds": n >= 0} or {"to": a future ISO time}; the clock only moves forward.',
      });
      return;
    }
    await advanceTo(target);
    reply(res, 200, { now: new Date(nowMs()).toISOString(), offsetMs: nowMs() - Date.now() });
  });

  wake();
  return {
    env: Object.fromEntries([
      ['SCHEDULER_ENDPOINT', endpoint],
      ['SCHEDULE_GROUP_NAME', GROUP],
      ['SCHEDULER_ROLE_ARN', ROLE_ARN],
      ...targets.map((target) => [scheduledTargetArnVariable(target.id), arnOf(target)]),
    ]),
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
