import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import {
  CreateScheduleCommand,
  GetScheduleCommand,
  ResourceNotFoundException,
  SchedulerClient,
  ValidationException,
} from '@aws-sdk/client-scheduler';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { atExpression, cancelSchedule, scheduleOnce } from '../../../functions/core/adapters/scheduler.ts';
import { nowMs } from '../../../functions/core/clock.ts';
import { invokeModule } from '../../../scripts/local/lambda-context.ts';
import type { LocalEndpointHandler, StandIn } from '../../../scripts/local/stand-in-context.ts';
import { start } from '../../../scripts/local/stand-ins/scheduler.ts';
import { uniqueId } from '../helpers.ts';
import { failNext, invocations } from './scheduled-probe.ts';

/**
 * The production scheduler adapter against the EventBridge Scheduler stand-in, which invokes the
 * probe target module with the schedule's input as its event, as the scheduler invokes a Lambda
 * function: asynchronously, so that a failing target is retried by Lambda (a minute, then two minutes
 * later) and what still fails is kept in a dead-letter list.
 */
let scheduler: StandIn;
const endpoints = new Map<string, LocalEndpointHandler>();

async function local(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  const req = Readable.from(body === undefined ? [] : [Buffer.from(JSON.stringify(body))]);
  let status = 0;
  let text = '';
  const res = {
    writeHead: (code: number) => {
      status = code;
      return res;
    },
    end: (chunk?: string) => {
      text = chunk ?? '';
    },
  };
  const endpoint = endpoints.get(`${method} ${path}`);
  if (!endpoint) throw new Error(`no endpoint ${method} ${path}`);
  await endpoint(req as unknown as IncomingMessage, res as unknown as ServerResponse);
  return { status, body: text ? JSON.parse(text) : undefined };
}

type LocalState = {
  schedules: Array<{ Name: string }>;
  retries: Array<{ schedule: string; dueAt: string; attempts: number }>;
  deadLetters: Array<{ source: string; schedule: string; attempts: number; input: string; error: string }>;
};
let lastState: LocalState | undefined;

/** What `/_local/schedules.json` shows: schedules, target retries waiting, dead letters. */
async function localState(): Promise<LocalState> {
  lastState = (await local('GET', '/_local/schedules.json')).body as LocalState;
  return lastState;
}

function retriesOf(name: string, state = lastState) {
  return (state?.retries ?? []).filter((retry) => retry.schedule === name);
}

async function until(check: () => boolean, what: string, refresh: () => Promise<unknown> = localState) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    await refresh();
    if (check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

beforeAll(async () => {
  scheduler = await start(
    {
      registerLocalEndpoint: (method, path, handler) => endpoints.set(`${method} ${path}`, handler),
      invokeModule,
      stateDir: undefined,
      baseUrl: 'http://localhost',
    },
    {
      extraTargets: [{ id: 'probe', module: 'test/integration/jobs/scheduled-probe' }],
      retryDelayMs: 20,
      duplicateShare: 0,
    },
  );
  Object.assign(process.env, scheduler.env);
});

beforeEach(() => {
  invocations.length = 0;
});

afterAll(async () => {
  await scheduler?.stop();
  delete process.env.TEST_CLOCK_OFFSET_MS;
});

describe('the scheduler stand-in', () => {
  it('invokes the target with the input as its event when the time comes, once, and then deletes the schedule', async () => {
    const name = uniqueId('soon');
    const at = new Date(nowMs() + 2_000);
    expect(await scheduleOnce({ name, at, targetId: 'probe', payload: { merchantUid: name } })).toBe(
      'created',
    );
    // While it is pending, scheduling the same name again is a no-op: a retried caller never schedules twice.
    expect(await scheduleOnce({ name, at, targetId: 'probe', payload: { merchantUid: 'other' } })).toBe(
      'exists',
    );
    await until(() => invocations.length === 1, 'the invocation');
    expect(invocations[0]?.event).toEqual({ merchantUid: name });
    // at() is to the second: the run is never early.
    expect(invocations[0]?.at).toBeGreaterThanOrEqual(Math.floor(at.getTime() / 1000) * 1000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(invocations).toHaveLength(1);
    expect((await localState()).schedules.map((schedule) => schedule.Name)).not.toContain(name);
  });

  it('does not invoke a cancelled schedule, and cancelling twice is fine', async () => {
    const name = uniqueId('cancelled');
    await scheduleOnce({ name, at: new Date(nowMs() + 3_600_000), targetId: 'probe', payload: {} });
    await cancelSchedule(name);
    await cancelSchedule(name);
    const clock = await local('POST', '/_local/clock', { advanceSeconds: 7200 });
    expect(clock.status).toBe(200);
    expect(invocations).toEqual([]);
  });

  it('fires schedules in time order as the test clock moves, each at its own time', async () => {
    const base = nowMs();
    const days = [30, 10, 20];
    for (const day of days) {
      await scheduleOnce({
        name: uniqueId(`day-${day}`),
        at: new Date(base + day * 86_400_000),
        targetId: 'probe',
        payload: { day },
      });
    }
    await local('POST', '/_local/clock', { advanceSeconds: 25 * 86_400 });
    expect(invocations.map((run) => (run.event as { day: number }).day)).toEqual([10, 20]);
    for (const run of invocations) {
      const day = (run.event as { day: number }).day;
      expect(run.at).toBeGreaterThanOrEqual(Math.floor((base + day * 86_400_000) / 1000) * 1000);
      expect(run.at).toBeLessThan(base + day * 86_400_000 + 5_000);
    }
    await local('POST', '/_local/clock', { advanceSeconds: 10 * 86_400 });
    expect(invocations.map((run) => (run.event as { day: number }).day)).toEqual([10, 20, 30]);
    expect((await local('POST', '/_local/clock', { advanceSeconds: -1 })).status).toBe(400);
  });

  it('leaves a failing target to Lambda: retried a minute and then two minutes later on the test clock', async () => {
    failNext(2);
    const name = uniqueId('flaky');
    const due = nowMs();
    await scheduleOnce({ name, at: new Date(due), targetId: 'probe', payload: { n: 1 } });
    await until(() => retriesOf(name).length === 1, 'the first retry to wait');
    // The schedule handed its event over and is gone; its first retry waits a minute, not a second.
    const state = await localState();
    expect(state.schedules.map((schedule) => schedule.Name)).not.toContain(name);
    const first = Date.parse(retriesOf(name, state)[0]?.dueAt ?? '');
    expect(first - due).toBeGreaterThanOrEqual(60_000);
    await local('POST', '/_local/clock', { to: new Date(first - 1_000).toISOString() });
    expect(invocations).toEqual([]);
    await local('POST', '/_local/clock', { to: new Date(first).toISOString() });
    const second = Date.parse(
      (await localState()).retries.find((retry) => retry.schedule === name)?.dueAt ?? '',
    );
    expect(second - first).toBeGreaterThanOrEqual(120_000);
    await local('POST', '/_local/clock', { to: new Date(second).toISOString() });
    expect(invocations.map((run) => run.event)).toEqual([{ n: 1 }]);
    expect(invocations[0]?.at).toBeGreaterThanOrEqual(second);
    expect((await localState()).deadLetters.filter((letter) => letter.schedule === name)).toEqual([]);
  });

  it("keeps a target's event that failed all three runs in the dead-letter list", async () => {
    failNext(3);
    const name = uniqueId('broken');
    await scheduleOnce({ name, at: new Date(nowMs()), targetId: 'probe', payload: { n: 2 } });
    await until(() => retriesOf(name).length === 1, 'the first retry to wait');
    await local('POST', '/_local/clock', { advanceSeconds: 200 });
    expect(invocations).toEqual([]);
    const letters = (await localState()).deadLetters.filter((letter) => letter.schedule === name);
    expect(letters).toMatchObject([
      { source: 'lambda', attempts: 3, input: JSON.stringify({ n: 2 }), error: 'target unavailable' },
    ]);
  });

  it("retries an event it cannot deliver under the schedule's RetryPolicy, then puts it in the dead-letter queue", async () => {
    const client = new SchedulerClient({
      region: 'ap-northeast-2',
      endpoint: process.env.AWS_ENDPOINT_URL_SCHEDULER,
    });
    const name = uniqueId('undeliverable');
    await client.send(
      new CreateScheduleCommand({
        Name: name,
        GroupName: process.env.SCHEDULE_GROUP_NAME,
        ScheduleExpression: atExpression(new Date(nowMs())),
        FlexibleTimeWindow: { Mode: 'OFF' },
        ActionAfterCompletion: 'DELETE',
        Target: {
          Arn: 'arn:aws:lambda:ap-northeast-2:000000000000:function:removed-long-ago',
          RoleArn: process.env.SCHEDULER_ROLE_ARN,
          Input: '{"n":3}',
          RetryPolicy: { MaximumRetryAttempts: 2, MaximumEventAgeInSeconds: 3600 },
          DeadLetterConfig: { Arn: process.env.SCHEDULE_DEAD_LETTER_ARN },
        },
      }),
    );
    await until(
      () => lastState?.deadLetters.some((letter) => letter.schedule === name) ?? false,
      'the dead letter',
      () => localState(),
    );
    expect(lastState?.deadLetters.filter((letter) => letter.schedule === name)).toMatchObject([
      { source: 'scheduler', attempts: 3, input: '{"n":3}' },
    ]);
    expect(lastState?.schedules.map((schedule) => schedule.Name)).not.toContain(name);
  });

  it('runs an event twice when duplicate deliveries are on, as Lambda may', async () => {
    const twice = await start(
      {
        registerLocalEndpoint: () => undefined,
        invokeModule,
        stateDir: undefined,
        baseUrl: 'http://localhost',
      },
      { extraTargets: [{ id: 'probe', module: 'test/integration/jobs/scheduled-probe' }], duplicateShare: 1 },
    );
    try {
      const client = new SchedulerClient({
        region: 'ap-northeast-2',
        endpoint: twice.env.AWS_ENDPOINT_URL_SCHEDULER,
      });
      await client.send(
        new CreateScheduleCommand({
          Name: uniqueId('twice'),
          GroupName: twice.env.SCHEDULE_GROUP_NAME,
          ScheduleExpression: atExpression(new Date(nowMs())),
          FlexibleTimeWindow: { Mode: 'OFF' },
          ActionAfterCompletion: 'DELETE',
          Target: {
            Arn: twice.env.SCHEDULE_TARGET_ARN_PROBE,
            RoleArn: twice.env.SCHEDULER_ROLE_ARN,
            Input: '{"n":4}',
          },
        }),
      );
      await until(
        () => invocations.length === 2,
        'both runs',
        async () => undefined,
      );
      expect(invocations.map((run) => run.event)).toEqual([{ n: 4 }, { n: 4 }]);
    } finally {
      await twice.stop();
    }
  });

  it('answers refusals with the errors of the Scheduler protocol', async () => {
    const client = new SchedulerClient({
      region: 'ap-northeast-2',
      endpoint: process.env.AWS_ENDPOINT_URL_SCHEDULER,
    });
    const target = {
      Arn: process.env.SCHEDULE_TARGET_ARN_PROBE,
      RoleArn: process.env.SCHEDULER_ROLE_ARN,
      Input: '{}',
    };
    const create = (expression: string, targetArn = target.Arn) =>
      client.send(
        new CreateScheduleCommand({
          Name: uniqueId('refused'),
          GroupName: process.env.SCHEDULE_GROUP_NAME,
          ScheduleExpression: expression,
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: { ...target, Arn: targetArn },
        }),
      );
    await expect(create('cron(0 0 * * ? *)')).rejects.toBeInstanceOf(ValidationException);
    await expect(create('every day')).rejects.toBeInstanceOf(ValidationException);
    await expect(create('rate(1 day)', 'function-nope')).rejects.toBeInstanceOf(ValidationException);
    await expect(
      client.send(
        new GetScheduleCommand({ Name: 'never-created', GroupName: process.env.SCHEDULE_GROUP_NAME }),
      ),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
  });

  it('refuses names and groups the service refuses: over 64 characters or outside [0-9a-zA-Z-_.]', async () => {
    const at = new Date(nowMs() + 3_600_000);
    const refused = (name: string) =>
      scheduleOnce({ name, at, targetId: 'probe', payload: {} }).then(
        () => 'created',
        (error: unknown) => (error instanceof ValidationException ? 'ValidationException' : String(error)),
      );
    expect(await refused('a'.repeat(64))).toBe('created');
    expect(await refused('a'.repeat(65))).toBe('ValidationException');
    for (const name of ['with space', 'colon:name', 'slash#name', 'adm-한글', ''])
      expect(await refused(name), name).toBe('ValidationException');
    const group = process.env.SCHEDULE_GROUP_NAME;
    try {
      process.env.SCHEDULE_GROUP_NAME = 'g'.repeat(65);
      expect(await refused(uniqueId('ok'))).toBe('ValidationException');
    } finally {
      process.env.SCHEDULE_GROUP_NAME = group;
    }
    const client = new SchedulerClient({
      region: 'ap-northeast-2',
      endpoint: process.env.AWS_ENDPOINT_URL_SCHEDULER,
    });
    await expect(
      client.send(new GetScheduleCommand({ Name: 'a'.repeat(65), GroupName: group })),
    ).rejects.toBeInstanceOf(ValidationException);
    await cancelSchedule('a'.repeat(64));
  });

  it("refuses a retry policy outside the service's ranges and a dead-letter queue that is not an SQS ARN", async () => {
    const client = new SchedulerClient({
      region: 'ap-northeast-2',
      endpoint: process.env.AWS_ENDPOINT_URL_SCHEDULER,
    });
    const create = (target: Record<string, unknown>) =>
      client.send(
        new CreateScheduleCommand({
          Name: uniqueId('policy'),
          GroupName: process.env.SCHEDULE_GROUP_NAME,
          ScheduleExpression: 'rate(1 day)',
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: {
            Arn: process.env.SCHEDULE_TARGET_ARN_PROBE,
            RoleArn: process.env.SCHEDULER_ROLE_ARN,
            ...target,
          },
        }),
      );
    await expect(create({ RetryPolicy: { MaximumRetryAttempts: 186 } })).rejects.toBeInstanceOf(
      ValidationException,
    );
    await expect(create({ RetryPolicy: { MaximumEventAgeInSeconds: 59 } })).rejects.toBeInstanceOf(
      ValidationException,
    );
    await expect(
      create({ DeadLetterConfig: { Arn: 'arn:aws:sns:ap-northeast-2:000000000000:topic' } }),
    ).rejects.toBeInstanceOf(ValidationException);
  });
});
