import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { nowMs } from '../../../functions/core/clock.ts';
import {
  SCHEDULE_DEAD_LETTER_ARN_VARIABLE,
  SCHEDULED_TARGETS,
  SCHEDULER_NAME_PATTERN,
  scheduledTargetArnVariable,
  TARGET_ASYNC_RETRIES,
} from '../../../shared/jobs/schedules.ts';
import { duplicateDeliveryShare, duplicatePicker } from '../at-least-once.ts';
import {
  LOCAL_ACCOUNT as ACCOUNT,
  consumeDeadLetters,
  deadLetterEnvironment,
  deadLetterQueueArn,
  type KeptDeadLetter,
  nextDeadLetterDue,
  LOCAL_REGION as REGION,
} from '../dead-letter-consumer.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';
import { moveTestClockTo } from '../test-clock.ts';

/**
 * EventBridge Scheduler on one machine. It speaks the Scheduler REST-JSON protocol of AWS SDK v3
 * (CreateSchedule, GetSchedule, UpdateSchedule, DeleteSchedule, ListSchedules), so the production
 * adapter (functions/core/adapters/scheduler.ts) runs unchanged against it, and when a schedule is due
 * it invokes the target's module with the schedule's Input as the event, as Scheduler invokes a Lambda:
 * asynchronously. So, as in AWS (shared/jobs/schedules.ts):
 * - once the event is handed to the target the schedule has done its part (a one-off schedule with
 *   ActionAfterCompletion DELETE is deleted); a target that fails is retried by "Lambda", one minute and
 *   then two minutes later on the test clock, and an event that fails all three times is kept in the
 *   targets' failure list (the functions' on-failure destination);
 * - the schedule's RetryPolicy covers only an event that cannot be handed over (here: a target ARN that no
 *   module answers, such as a schedule kept from an older version), retried with exponential back-off
 *   within MaximumRetryAttempts and MaximumEventAgeInSeconds, then put in the schedule's dead-letter
 *   queue (DeadLetterConfig) or, without one, dropped;
 * - with a duplicate share (scripts/local/at-least-once.ts) that share of the events runs twice at once;
 * - schedule and group names are checked as the service checks them (SCHEDULER_NAME_PATTERN), and so
 *   are the retry policy's ranges and the dead-letter queue's ARN: a ValidationException otherwise.
 * Both failure lists are shown in `/_local/schedules.json` (`deadLetters`), and each dead letter is handed
 * to the dead-letter queues' consumer as in AWS (scripts/local/dead-letter-consumer.ts): the scheduler's
 * as the message Scheduler sends (the input as body, the schedule, target and error as message
 * attributes), Lambda's as its on-failure invocation record.
 *
 * Expressions: `at(yyyy-mm-ddThh:mm:ss)` and `rate(n minute|minutes|hour|hours|day|days)`, in UTC.
 * `cron()` is refused with a ValidationException: the product schedules one-off invocations (each
 * run schedules the next), so it never needs it.
 *
 * The test clock: `POST /_local/clock {"advanceSeconds": n}` (or `{"to": iso}`) moves the server's
 * clock forward, firing every schedule that falls due on the way in time order, each run complete
 * before the next (a target's retries included); `GET /_local/clock` tells the time. Schedules live in
 * `schedules.json` beside the database, the retries waiting and the failure lists in
 * `scheduled-invocations.json`, so they survive a restart as the data does.
 */
const GROUP = 'cutloom-local';
const ROLE_ARN = `arn:aws:iam::${ACCOUNT}:role/cutloom-local-scheduler`;
const DEAD_LETTER_ARN = deadLetterQueueArn('schedule-dead-letters');
/** DeadLetterConfig.Arn as the service checks it (API reference, DeadLetterConfig). */
const SQS_ARN = /^arn:aws[a-z-]*:sqs:[a-z0-9-]+:\d{12}:[a-zA-Z0-9_-]+$/;

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
    DeadLetterConfig?: { Arn?: string };
  };
  CreationDate: number;
  LastModificationDate: number;
  /** Local bookkeeping: when it next fires (ms), and the delivery retry in progress. */
  nextRunMs: number | null;
  attempt: number;
  /** When the run being delivered was due (its delivery retries count their age from it). */
  deliveringSince?: number;
  lastError?: string;
  runs: number;
}

/** An event handed to a target: run now, or waiting for "Lambda's" next retry. */
interface TargetInvocation {
  schedule: string;
  targetArn: string;
  input: string;
  /** Runs made so far. */
  attempts: number;
  dueMs: number;
  lastError?: string;
}

/** An event given up on: by the scheduler (not delivered) or by "Lambda" (the target kept failing). */
interface DeadLetter extends KeptDeadLetter {
  source: 'scheduler' | 'lambda';
  schedule: string;
  targetArn: string;
  input: string;
  attempts: number;
  error: string;
  at: string;
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

function checkName(what: 'Name' | 'GroupName', value: string): string {
  if (!SCHEDULER_NAME_PATTERN.test(value)) {
    throw new SchedulerFault(
      'ValidationException',
      400,
      `1 validation error detected: Value '${value}' at '${what === 'Name' ? 'name' : 'groupName'}' failed to satisfy constraint: Member must satisfy regular expression pattern: ^[0-9a-zA-Z-_.]+$ and have length between 1 and 64`,
    );
  }
  return value;
}

function checkTarget(target: StoredSchedule['Target']): void {
  const retry = target.RetryPolicy;
  const outside = (value: number | undefined, min: number, max: number) =>
    value !== undefined && (!Number.isInteger(value) || value < min || value > max);
  if (outside(retry?.MaximumRetryAttempts, 0, 185) || outside(retry?.MaximumEventAgeInSeconds, 60, 86_400))
    throw new SchedulerFault(
      'ValidationException',
      400,
      'RetryPolicy: MaximumRetryAttempts must be 0 to 185 and MaximumEventAgeInSeconds 60 to 86400',
    );
  if (target.DeadLetterConfig && !SQS_ARN.test(target.DeadLetterConfig.Arn ?? ''))
    throw new SchedulerFault(
      'ValidationException',
      400,
      'DeadLetterConfig.Arn must be the ARN of an SQS queue',
    );
}

export interface SchedulerOptions {
  /** Targets beyond shared/jobs/schedules.ts (tests): a module path from the repository root. */
  extraTargets?: ReadonlyArray<{ id: string; module: string }>;
  /** First delay of the scheduler's delivery retries (ms of the test clock); doubles per attempt. */
  retryDelayMs?: number;
  /** Share of events run twice (0 to 1); the default comes from scripts/local/at-least-once.ts. */
  duplicateShare?: number;
}

export async function start(ctx: StandInContext, options: SchedulerOptions = {}): Promise<StandIn> {
  const retryDelayMs = options.retryDelayMs ?? 1000;
  const duplicateNext = duplicatePicker(options.duplicateShare ?? duplicateDeliveryShare());
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
  const invocationsFile = ctx.stateDir ? join(ctx.stateDir, 'scheduled-invocations.json') : undefined;
  const kept =
    invocationsFile && existsSync(invocationsFile)
      ? (JSON.parse(readFileSync(invocationsFile, 'utf8')) as {
          retries: TargetInvocation[];
          deadLetters: DeadLetter[];
        })
      : { retries: [], deadLetters: [] };
  /** Events whose target failed, waiting for their next attempt. */
  const retries: TargetInvocation[] = kept.retries;
  const deadLetters: DeadLetter[] = kept.deadLetters.map((letter) => ({ ...letter, consumerBusy: false }));
  const save = () => {
    if (file) writeFileSync(file, JSON.stringify([...schedules.values()], null, 2));
    if (invocationsFile) writeFileSync(invocationsFile, JSON.stringify({ retries, deadLetters }, null, 2));
  };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  /** Runs one at a time, so the clock and the schedules stay consistent. */
  let running: Promise<void> = Promise.resolve();
  const exclusive = (work: () => Promise<void>) => {
    running = running.then(work, work);
    return running;
  };

  const text = (value: string) => ({ dataType: 'String', stringValue: value });
  function sqsMessage(letter: DeadLetter, body: string) {
    return {
      messageId: letter.messageId,
      body,
      md5OfBody: createHash('md5').update(body).digest('hex'),
      attributes: {
        ApproximateReceiveCount: '1',
        SentTimestamp: String(Date.parse(letter.at)),
        SenderId: ACCOUNT,
        ApproximateFirstReceiveTimestamp: String(Date.parse(letter.at)),
      },
    };
  }

  function key(group: string, name: string) {
    return `${group}/${name}`;
  }

  type Due = { at: number; schedule: StoredSchedule } | { at: number; retry: TargetInvocation };

  /** The earliest schedule or target retry due by `untilMs`. */
  function nextDue(untilMs: number): Due | undefined {
    let earliest: Due | undefined;
    for (const schedule of schedules.values()) {
      const at = schedule.nextRunMs;
      if (schedule.State !== 'ENABLED' || at === null || at > untilMs) continue;
      if (!earliest || at < earliest.at) earliest = { at, schedule };
    }
    for (const retry of retries) {
      if (retry.dueMs <= untilMs && (!earliest || retry.dueMs < earliest.at))
        earliest = { at: retry.dueMs, retry };
    }
    return earliest;
  }

  async function run(due: Due): Promise<void> {
    if ('schedule' in due) return fire(due.schedule);
    retries.splice(retries.indexOf(due.retry), 1);
    await invoke(due.retry);
    save();
  }

  /** One run of a target, as Lambda's asynchronous invocation: a failure is retried, then kept. */
  async function invoke(invocation: TargetInvocation): Promise<void> {
    invocation.attempts += 1;
    try {
      await ctx.invokeModule(
        moduleByArn.get(invocation.targetArn) as string,
        JSON.parse(invocation.input),
        undefined,
        {
          functionArn: invocation.targetArn,
        },
      );
      return;
    } catch (error) {
      invocation.lastError = error instanceof Error ? error.message : String(error);
    }
    console.error(
      `Scheduled ${invocation.schedule} failed (run ${invocation.attempts}): ${invocation.lastError}`,
    );
    const delaySeconds = TARGET_ASYNC_RETRIES.retryDelaysSeconds[invocation.attempts - 1];
    if (invocation.attempts <= TARGET_ASYNC_RETRIES.retryAttempts && delaySeconds !== undefined) {
      retries.push({ ...invocation, dueMs: nowMs() + delaySeconds * 1000 });
      return;
    }
    deadLetters.push({
      messageId: randomUUID(),
      source: 'lambda',
      schedule: invocation.schedule,
      targetArn: invocation.targetArn,
      input: invocation.input,
      attempts: invocation.attempts,
      error: invocation.lastError ?? '',
      at: new Date(nowMs()).toISOString(),
    });
  }

  async function fire(schedule: StoredSchedule): Promise<void> {
    const scheduledAt = schedule.nextRunMs as number;
    if (!moduleByArn.has(schedule.Target.Arn)) {
      undeliverable(schedule, scheduledAt, `No function has the ARN ${schedule.Target.Arn}`);
      save();
      return;
    }
    const input = schedule.Target.Input ?? '{}';
    const runs = Array.from({ length: duplicateNext() ? 2 : 1 }, () => ({
      schedule: schedule.Name,
      targetArn: schedule.Target.Arn,
      input,
      attempts: 0,
      dueMs: scheduledAt,
    }));
    // Handed over: the schedule is done with this run before its target has run.
    complete(schedule, scheduledAt);
    save();
    await Promise.all(runs.map(invoke));
    save();
  }

  /** The event could not be handed over: retried under the schedule's RetryPolicy, then dead-lettered. */
  function undeliverable(schedule: StoredSchedule, scheduledAt: number, failure: string): void {
    const policy = schedule.Target.RetryPolicy;
    const maxAttempts = policy?.MaximumRetryAttempts ?? 185;
    const maxAgeMs = (policy?.MaximumEventAgeInSeconds ?? 86_400) * 1000;
    console.error(`Scheduled ${schedule.Name} not delivered (attempt ${schedule.attempt + 1}): ${failure}`);
    schedule.lastError = failure;
    const retryAt = nowMs() + retryDelayMs * 2 ** schedule.attempt;
    schedule.deliveringSince ??= scheduledAt;
    if (schedule.attempt < maxAttempts && retryAt - schedule.deliveringSince <= maxAgeMs) {
      schedule.nextRunMs = retryAt;
      schedule.attempt += 1;
      return;
    }
    if (schedule.Target.DeadLetterConfig?.Arn) {
      deadLetters.push({
        messageId: randomUUID(),
        source: 'scheduler',
        schedule: schedule.Name,
        targetArn: schedule.Target.Arn,
        input: schedule.Target.Input ?? '{}',
        attempts: schedule.attempt + 1,
        error: failure,
        at: new Date(nowMs()).toISOString(),
      });
    }
    complete(schedule, scheduledAt);
  }

  /** A run is over for the scheduler: the next one of a rate() schedule, or the end of a one-off. */
  function complete(schedule: StoredSchedule, scheduledAt: number): void {
    const dueAt = schedule.deliveringSince ?? scheduledAt;
    schedule.runs += 1;
    schedule.attempt = 0;
    schedule.deliveringSince = undefined;
    const rate = RATE.exec(schedule.ScheduleExpression);
    const next = rate
      ? dueAt + Number(rate[1]) * (UNIT_MS[(rate[2] as string).replace(/s$/, '')] as number)
      : null;
    schedule.nextRunMs =
      next !== null && (!schedule.EndDate || next <= schedule.EndDate * 1000) ? next : null;
    if (schedule.nextRunMs === null && schedule.ActionAfterCompletion === 'DELETE') {
      schedules.delete(key(schedule.GroupName, schedule.Name));
    }
  }

  /** The dead letters handed to their queue's consumer, as their message or record would be in AWS. */
  async function consumeAll(): Promise<void> {
    const of = (source: DeadLetter['source']) => deadLetters.filter((letter) => letter.source === source);
    await Promise.all([
      consumeDeadLetters(ctx, 'schedule-dead-letters', of('scheduler'), (letter) => ({
        ...sqsMessage(letter, letter.input),
        messageAttributes: {
          SCHEDULE_ARN: text(`arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/${GROUP}/${letter.schedule}`),
          TARGET_ARN: text(letter.targetArn),
          ERROR_CODE: text('ResourceNotFoundException'),
          ERROR_MESSAGE: text(letter.error),
          RETRY_ATTEMPTS: text(String(letter.attempts - 1)),
        },
      })),
      consumeDeadLetters(ctx, 'scheduled-run-failures', of('lambda'), (letter) => ({
        ...sqsMessage(
          letter,
          JSON.stringify({
            version: '1.0',
            timestamp: letter.at,
            requestContext: {
              requestId: letter.messageId,
              functionArn: `${letter.targetArn}:$LATEST`,
              condition: 'RetriesExhausted',
              approximateInvokeCount: letter.attempts,
            },
            requestPayload: JSON.parse(letter.input),
            responseContext: { statusCode: 200, executedVersion: '$LATEST', functionError: 'Unhandled' },
            responsePayload: { errorType: 'Error', errorMessage: letter.error },
          }),
        ),
        messageAttributes: {},
      })),
    ]);
    save();
  }

  /** Fires what is due by the clock now, then sleeps until the next due time (at most a minute). */
  function wake(): void {
    if (stopped) return;
    clearTimeout(timer);
    void exclusive(async () => {
      for (let due = nextDue(nowMs()); due && !stopped; due = nextDue(nowMs())) await run(due);
      await consumeAll();
    }).then(() => {
      if (stopped) return;
      const next = Math.min(
        nextDue(Number.POSITIVE_INFINITY)?.at ?? Number.POSITIVE_INFINITY,
        nextDeadLetterDue(deadLetters) ?? Number.POSITIVE_INFINITY,
      );
      const delay = Number.isFinite(next) ? Math.max(0, Math.min(60_000, next - nowMs())) : 60_000;
      timer = setTimeout(wake, delay);
    });
  }

  /** Moves the test clock to `targetMs`, firing what falls due on the way, in time order. */
  async function advanceTo(targetMs: number): Promise<void> {
    await exclusive(async () => {
      for (let due = nextDue(targetMs); due && !stopped; due = nextDue(targetMs)) {
        moveTestClockTo(due.at);
        await run(due);
      }
      moveTestClockTo(targetMs);
      await consumeAll();
    });
    wake();
  }

  function define(name: string, body: Record<string, unknown>, existing?: StoredSchedule): StoredSchedule {
    const target = body.Target as StoredSchedule['Target'] | undefined;
    if (!target?.Arn || !target.RoleArn)
      throw new SchedulerFault('ValidationException', 400, 'Target.Arn and Target.RoleArn are required');
    // Like the service, only the form of the ARN is checked here: a function that does not exist
    // fails when the schedule runs (delivery retries, then the dead-letter queue).
    if (!/^arn:aws[a-z-]*:[a-z0-9-]+:/.test(target.Arn))
      throw new SchedulerFault('ValidationException', 400, `Target.Arn ${target.Arn} is not an ARN`);
    checkTarget(target);
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
      GroupName: checkName('GroupName', String(body.GroupName ?? 'default')),
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
    const {
      nextRunMs: _next,
      attempt: _attempt,
      deliveringSince: _since,
      lastError: _error,
      runs: _runs,
      ...rest
    } = schedule;
    return {
      ...rest,
      Arn: `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/${schedule.GroupName}/${schedule.Name}`,
    };
  }

  async function route(method: string, url: URL, body: Record<string, unknown>): Promise<unknown> {
    const name = decodeURIComponent(url.pathname.match(/^\/schedules\/([^/]+)$/)?.[1] ?? '');
    if (method === 'GET' && url.pathname === '/schedules') {
      const group = url.searchParams.get('ScheduleGroup');
      if (group !== null) checkName('GroupName', group);
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
    checkName('Name', name);
    const group = checkName(
      'GroupName',
      String(
        method === 'POST' || method === 'PUT'
          ? (body.GroupName ?? 'default')
          : (url.searchParams.get('groupName') ?? 'default'),
      ),
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
    reply(res, 200, {
      schedules: [...schedules.values()].map((s) => ({
        ...view(s),
        nextRunAt: s.nextRunMs === null ? null : new Date(s.nextRunMs).toISOString(),
        runs: s.runs,
        attempt: s.attempt,
        lastError: s.lastError ?? null,
      })),
      retries: retries.map(({ dueMs, ...retry }) => ({ ...retry, dueAt: new Date(dueMs).toISOString() })),
      deadLetters,
    }),
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
      ['AWS_ENDPOINT_URL_SCHEDULER', endpoint],
      ['SCHEDULE_GROUP_NAME', GROUP],
      ['SCHEDULER_ROLE_ARN', ROLE_ARN],
      [SCHEDULE_DEAD_LETTER_ARN_VARIABLE, DEAD_LETTER_ARN],
      ...Object.entries(deadLetterEnvironment(['schedule-dead-letters', 'scheduled-run-failures'])),
      ...targets.map((target) => [scheduledTargetArnVariable(target.id), arnOf(target)]),
    ]),
    adopt(deployed) {
      // The deployment's targets are named by its ARNs (the functions' SCHEDULE_TARGET_ARN_ variables).
      for (const target of targets) {
        const arn = deployed[scheduledTargetArnVariable(target.id)];
        if (arn) moduleByArn.set(arn, target.module);
      }
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running.catch(() => undefined);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
