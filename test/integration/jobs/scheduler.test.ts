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
import { cancelSchedule, scheduleOnce } from '../../../functions/core/adapters/scheduler.ts';
import { nowMs } from '../../../functions/core/clock.ts';
import { invokeModule } from '../../../scripts/local/lambda-context.ts';
import type { LocalEndpointHandler, StandIn } from '../../../scripts/local/stand-in-context.ts';
import { start } from '../../../scripts/local/stand-ins/scheduler.ts';
import { uniqueId } from '../helpers.ts';
import { failNext, invocations } from './scheduled-probe.ts';

/**
 * The production scheduler adapter against the EventBridge Scheduler stand-in, which invokes the
 * probe target module with the schedule's input as its event.
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

async function until(check: () => boolean, what: string): Promise<void> {
  for (let attempt = 0; attempt < 200; attempt += 1) {
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
    { extraTargets: [{ id: 'probe', module: 'test/integration/jobs/scheduled-probe' }], retryDelayMs: 20 },
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
    const listed = (await local('GET', '/_local/schedules.json')).body as Array<{ Name: string }>;
    expect(listed.map((schedule) => schedule.Name)).not.toContain(name);
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

  it('retries a failing target with back-off up to the retry policy', async () => {
    failNext(2);
    await scheduleOnce({
      name: uniqueId('flaky'),
      at: new Date(nowMs()),
      targetId: 'probe',
      payload: { n: 1 },
    });
    await until(() => invocations.length === 1, 'the third attempt');
    expect(invocations[0]?.event).toEqual({ n: 1 });
  });

  it('answers refusals with the errors of the Scheduler protocol', async () => {
    const client = new SchedulerClient({
      region: 'ap-northeast-2',
      endpoint: process.env.SCHEDULER_ENDPOINT,
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
    await expect(
      create('rate(1 day)', 'arn:aws:lambda:ap-northeast-2:000000000000:function:nope'),
    ).rejects.toBeInstanceOf(ValidationException);
    await expect(
      client.send(
        new GetScheduleCommand({ Name: 'never-created', GroupName: process.env.SCHEDULE_GROUP_NAME }),
      ),
    ).rejects.toBeInstanceOf(ResourceNotFoundException);
  });
});
