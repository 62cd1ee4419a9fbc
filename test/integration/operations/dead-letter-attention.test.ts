import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scheduleOnce } from '../../../functions/core/adapters/scheduler.ts';
import { attentionList, resolveAttention } from '../../../functions/core/attention/attention-cases.ts';
import { nowMs } from '../../../functions/core/clock.ts';
import { listUserActivities } from '../../../functions/core/data/user-activity-repository.ts';
import { enqueueJob } from '../../../functions/core/jobs/enqueue-job.ts';
import { registerItemProcessor } from '../../../functions/core/jobs/item-processors.ts';
import { invokeModule } from '../../../scripts/local/lambda-context.ts';
import type { LocalEndpointHandler, StandIn } from '../../../scripts/local/stand-in-context.ts';
import { start as startScheduler } from '../../../scripts/local/stand-ins/scheduler.ts';
import { start as startSqs } from '../../../scripts/local/stand-ins/sqs.ts';
import { moveTestClockTo } from '../../../scripts/local/test-clock.ts';
import { DEAD_LETTER_CONSUMER } from '../../../shared/attention/dead-letters.ts';
import { RENEWAL_REMINDER_TARGET } from '../../../shared/jobs/schedules.ts';
import { pointAtRuntime, uniqueId } from '../helpers.ts';
import { failNext, invocations } from '../jobs/scheduled-probe.ts';

/**
 * Dead letters become attention cases (shared/attention/dead-letters.ts), end to end in this process:
 * the SQS stand-in dead-letters a bulk message after maxReceiveCount and the scheduler stand-in a run
 * whose target failed Lambda's three tries, each hands it to the dead-letter consumer as AWS's event
 * source mapping would, and an operator's retry sends the work once more, once.
 */
const endpoints = new Map<string, LocalEndpointHandler>();
const standIns: StandIn[] = [];
/** The dead-letter consumer's events, to deliver one again as SQS may. */
const deadLetterEvents: SQSEvent[] = [];
/** Bulk messages received by the job consumer: message id -> body. */
const bulkMessages = new Map<string, string>();
let itemsFail = true;
const processed: string[] = [];

const operator = (name: string) => ({ uid: uniqueId(name), email: `${name}@example.com` });

async function local(method: string, path: string, body?: unknown): Promise<unknown> {
  const req = Readable.from(body === undefined ? [] : [Buffer.from(JSON.stringify(body))]);
  let text = '';
  const res = { writeHead: () => res, end: (chunk?: string) => (text = chunk ?? '') };
  await endpoints.get(`${method} ${path}`)?.(
    req as unknown as IncomingMessage,
    res as unknown as ServerResponse,
  );
  return text ? JSON.parse(text) : undefined;
}

async function openCases() {
  const cases = [];
  let cursor: string | undefined;
  do {
    const page = await attentionList({ limit: 500, ...(cursor ? { cursor } : {}) });
    cases.push(...page.result);
    cursor = page.cursor ?? undefined;
  } while (cursor);
  return cases;
}

beforeAll(async () => {
  pointAtRuntime();
  const ctx = {
    registerLocalEndpoint: (method: string, path: string, handler: LocalEndpointHandler) =>
      endpoints.set(`${method} ${path}`, handler),
    invokeModule: (path: string, event: unknown) => {
      if (path === `events/${DEAD_LETTER_CONSUMER}`) deadLetterEvents.push(event as SQSEvent);
      else if (path.startsWith('events/jobs/'))
        for (const record of (event as SQSEvent).Records) bulkMessages.set(record.messageId, record.body);
      return invokeModule(path, event);
    },
    stateDir: undefined,
    baseUrl: 'http://localhost',
  };
  standIns.push(await startSqs(ctx, { duplicateShare: 0 }));
  standIns.push(
    await startScheduler(ctx, {
      // A real target's id, run by a probe that fails on demand: a retry schedules it by its id.
      extraTargets: [{ id: RENEWAL_REMINDER_TARGET.id, module: 'test/integration/jobs/scheduled-probe' }],
      duplicateShare: 0,
    }),
  );
  for (const standIn of standIns) Object.assign(process.env, standIn.env);
  registerItemProcessor('dead-letter-probe', async (item) => {
    if (itemsFail) throw new Error('the item store is down');
    processed.push(String(item));
    return { ok: true };
  });
});

afterAll(async () => {
  for (const standIn of standIns) await standIn.stop();
  delete process.env.TEST_CLOCK_OFFSET_MS;
});

describe('a bulk message that fails every delivery', () => {
  it('is listed once (a dead letter delivered again too); two operators retrying send it again once', async () => {
    const { jobId } = await enqueueJob({
      queueId: 'bulk-items',
      kind: 'dead-letter-probe',
      items: ['row-1', 'row-2'],
      createdBy: 'operator',
    });
    const listedCases = async () => (await openCases()).filter((open) => open.jobId === jobId);
    let cases: Awaited<ReturnType<typeof listedCases>> = [];
    for (let attempt = 0; attempt < 300 && cases.length === 0; attempt += 1) {
      await sleep(30);
      const queues = (await local('GET', '/_local/queues.json')) as Array<{
        queue: string;
        hidden: Array<{ body: string; visibleAt: string }>;
      }>;
      const hidden = queues
        .find((queue) => queue.queue === 'bulk-items')
        ?.hidden.find((message) => message.body.includes(jobId));
      if (hidden) moveTestClockTo(Date.parse(hidden.visibleAt) + 1);
      cases = await listedCases();
    }
    expect(cases).toMatchObject([{ kind: 'bulk_dead_letter', source: 'bulk-items', jobId, rows: 2 }]);
    expect(cases[0]?.uid).toBeUndefined();

    const delivered = deadLetterEvents.find((event) => event.Records[0]?.body.includes(jobId));
    await invokeModule(`events/${DEAD_LETTER_CONSUMER}`, delivered);
    expect(await listedCases()).toHaveLength(1);

    itemsFail = false;
    const sentBefore = new Set(bulkMessages.keys());
    const [first, second] = [operator('first'), operator('second')];
    const caseId = cases[0]?.caseId as string;
    const outcomes = await Promise.all(
      [first, second].map((who) => resolveAttention({ caseId, action: 'retry', reason: 'store back' }, who)),
    );
    expect(outcomes.sort()).toEqual(['already-ended', 'ended']);
    for (let attempt = 0; attempt < 200 && processed.length < 2; attempt += 1) await sleep(30);
    expect(processed.sort()).toEqual(['row-1', 'row-2']);
    const resent = [...bulkMessages].filter(([id, body]) => !sentBefore.has(id) && body.includes(jobId));
    expect(resent).toHaveLength(1);
    expect(await listedCases()).toEqual([]);
    const activities = [...(await listUserActivities(first.uid)), ...(await listUserActivities(second.uid))];
    expect(activities.map((activity) => activity.action)).toEqual(['attention.redrive']);
  });
});

describe('a scheduled run whose target keeps failing', () => {
  it('is listed once for its account after Lambda’s three tries; a retry runs the target once more', async () => {
    const uid = uniqueId('reminded');
    const payload = { uid, planId: 'plan-1', periodEnd: nowMs() };
    failNext(3);
    await scheduleOnce({
      name: uniqueId('reminder'),
      at: new Date(nowMs() + 60_000),
      targetId: RENEWAL_REMINDER_TARGET.id,
      payload,
    });
    // Due in a minute, then Lambda's retries one and two minutes after each failure.
    await local('POST', '/_local/clock', { advanceSeconds: 60 + 60 + 120 + 1 });
    const listedCases = async () => (await openCases()).filter((open) => open.uid === uid);
    const cases = await listedCases();
    expect(cases).toMatchObject([
      { kind: 'schedule_dead_letter', planId: 'plan-1', reason: 'target unavailable' },
    ]);
    expect(invocations.filter((run) => (run.event as { uid?: string }).uid === uid)).toEqual([]);

    const delivered = deadLetterEvents.find((event) => event.Records[0]?.body.includes(uid));
    await invokeModule(`events/${DEAD_LETTER_CONSUMER}`, delivered);
    expect(await listedCases()).toHaveLength(1);

    const caseId = cases[0]?.caseId as string;
    const outcomes = await Promise.all(
      [operator('first'), operator('second')].map((who) =>
        resolveAttention({ caseId, action: 'retry', reason: 'mail service back' }, who),
      ),
    );
    expect(outcomes.sort()).toEqual(['already-ended', 'ended']);
    await local('POST', '/_local/clock', { advanceSeconds: 61 });
    expect(invocations.filter((run) => (run.event as { uid?: string }).uid === uid)).toEqual([
      { event: payload, at: expect.any(Number) },
    ]);
    expect(await listedCases()).toEqual([]);
    expect((await listUserActivities(uid)).map((activity) => activity.action)).toEqual(['attention.redrive']);
  });
});
