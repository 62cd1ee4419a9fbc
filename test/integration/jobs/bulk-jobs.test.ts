import { setTimeout as sleep } from 'node:timers/promises';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nowMs } from '../../../functions/core/clock.ts';
import { db } from '../../../functions/core/data/service.ts';
import { getUsageCounters } from '../../../functions/core/data/usage-repository.ts';
import { listUserActivities } from '../../../functions/core/data/user-activity-repository.ts';
import { enqueueJob } from '../../../functions/core/jobs/enqueue-job.ts';
import { registerItemProcessor } from '../../../functions/core/jobs/item-processors.ts';
import { jobStatus } from '../../../functions/core/jobs/job-status.ts';
import { enqueueBulkUsageGrant } from '../../../functions/core/usage/bulk-usage-grant.ts';
import { invokeModule } from '../../../scripts/local/lambda-context.ts';
import type { LocalEndpointHandler, StandIn } from '../../../scripts/local/stand-in-context.ts';
import { start } from '../../../scripts/local/stand-ins/sqs.ts';
import { moveTestClockTo } from '../../../scripts/local/test-clock.ts';
import { QUEUES } from '../../../shared/jobs/queues.ts';
import { USAGE_GRANT_REFUSALS } from '../../../shared/usage/usage-grant-rules.ts';
import { pointAtRuntime, uniqueId } from '../helpers.ts';
import { grantAccounts } from './grant-accounts.ts';

/**
 * Bulk jobs end to end in this process: the real queue adapter sends to the SQS stand-in, which
 * delivers Lambda-shaped events to the real consumer, over the shared DynamoDB Local, with every message
 * delivered twice at once and the queues' concurrency. The test clock (this process's own) brings back
 * what failed once its visibility timeout has passed.
 */
let sqs: StandIn;
const endpoints = new Map<string, LocalEndpointHandler>();
/** Items whose effect landed (a real processor's effect is idempotent: the first delivery's counts). */
const applied = new Set<string>();
/** Items whose processing throws, as a consumer that crashes does. */
const broken = new Set<string>();
/** Receives per message id, as the consumer was invoked with them. */
const receives = new Map<string, number>();
let running = 0;
let peak = 0;

beforeAll(async () => {
  pointAtRuntime();
  sqs = await start(
    {
      registerLocalEndpoint: (method, path, handler) => endpoints.set(`${method} ${path}`, handler),
      invokeModule: (path, event, budgetMs) => {
        for (const record of (event as SQSEvent).Records)
          receives.set(record.messageId, (receives.get(record.messageId) ?? 0) + 1);
        return invokeModule(path, event, budgetMs);
      },
      stateDir: undefined,
      baseUrl: 'http://localhost',
    },
    { duplicateShare: 1 },
  );
  Object.assign(process.env, sqs.env);
  registerItemProcessor('test-grant', async (item) => {
    const label = String(item);
    running += 1;
    peak = Math.max(peak, running);
    try {
      // Long enough for the deliveries of a job to overlap.
      await sleep(10);
      if (broken.has(label)) throw new Error('consumer killed mid-message');
      if (label.startsWith('refuse')) return { ok: false, reason: 'No such user' };
      applied.add(label);
      return { ok: true };
    } finally {
      running -= 1;
    }
  });
});

afterAll(async () => {
  await sqs?.stop();
});

type QueueView = {
  queue: string;
  hidden: Array<{ body: string; visibleAt: string }>;
  deadLetters: Array<{ body: string; receiveCount: number }>;
};
async function queueView(id: string): Promise<QueueView> {
  let text = '';
  const res = { writeHead: () => res, end: (body: string) => (text = body) };
  await endpoints.get('GET /_local/queues.json')?.({} as never, res as never);
  return (JSON.parse(text) as QueueView[]).find((queue) => queue.queue === id) as QueueView;
}

async function job(jobId: string) {
  return (await jobStatus(jobId)).job;
}

async function finished(jobId: string, attempts = 400) {
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    const data = await job(jobId);
    if (data?.status === 'done') return data;
    await sleep(50);
  }
  throw new Error(`job ${jobId} did not finish`);
}

describe('bulk jobs through the queue', () => {
  it('counts every item once with each message delivered twice to consumers working side by side', async () => {
    const prefix = uniqueId('u');
    const items = Array.from({ length: 25 }, (_, index) =>
      index % 7 === 3 ? `refuse-${prefix}-${index}` : `${prefix}-${index}`,
    );
    peak = 0;
    const receivedBefore = new Set(receives.keys());
    const { jobId, messages } = await enqueueJob({
      queueId: 'bulk-user-create',
      kind: 'test-grant',
      items,
      createdBy: 'operator',
    });
    expect(messages).toBe(3);

    const done = await finished(jobId);
    const refusals = items.filter((item) => item.startsWith('refuse'));
    expect(done).toMatchObject({ total: 25, failed: refusals.length, succeeded: 25 - refusals.length });
    // Each message was received twice, by at most the queue's concurrency at once.
    const jobReceives = [...receives].filter(([messageId]) => !receivedBefore.has(messageId));
    expect(jobReceives.map(([, count]) => count)).toEqual([2, 2, 2]);
    expect(peak).toBe(QUEUES.find((queue) => queue.id === 'bulk-user-create')?.maxConcurrency);
    for (const item of items.filter((item) => !item.startsWith('refuse'))) expect(applied).toContain(item);

    const { data: outcomes } = await db().entities.jobItemOutcome.query.byJob({ jobId }).go({ pages: 'all' });
    expect(outcomes).toHaveLength(25);
    expect(
      outcomes.filter((outcome) => !outcome.ok).map((outcome) => [outcome.item, outcome.reason]),
    ).toEqual(refusals.map((item) => [item, 'No such user']));
  });

  it('grants each of 320 accounts once, from messages each delivered twice to concurrent consumers, counting every item once', async () => {
    const { tag, accounts, items } = await grantAccounts('Twice', 320);
    const unknown = Array.from({ length: 5 }, (_, index) => `${tag}.missing.${index}@example.com`);
    const receivedBefore = new Set(receives.keys());
    const { jobId } = await enqueueBulkUsageGrant({
      uidOrEmails: [...items, ...unknown],
      allowPlus: false,
      sttMin: 0,
      tts: -7,
      translate: 0,
      genimage: 0,
      desc: tag,
      confirmRepeat: false,
      operator: { uid: 'operator', email: 'operator@example.com' },
    });

    // Bounded, not timed: 650 grants on a shared machine.
    const done = await finished(jobId, 2_000);
    expect(done).toMatchObject({ total: 325, succeeded: 320, failed: 5, status: 'done' });
    expect([...receives].filter(([id]) => !receivedBefore.has(id)).map(([, count]) => count)).toEqual([2, 2]);
    // Not lost, not doubled: each account's counter moved once and one activity says so.
    const ttsMoved = await Promise.all(
      accounts.map(async (account) => (await getUsageCounters(account.uid))?.ttsMonthly),
    );
    expect(ttsMoved.filter((tts) => tts !== -7)).toEqual([]);
    const grantsRecorded: number[] = [];
    for (let start = 0; start < accounts.length; start += 40)
      grantsRecorded.push(
        ...(await Promise.all(
          accounts.slice(start, start + 40).map(async (account) => {
            const activities = await listUserActivities(account.uid);
            return activities.filter((activity) => activity.action === 'usage.grant').length;
          }),
        )),
      );
    expect(grantsRecorded.filter((count) => count !== 1)).toEqual([]);
    const { fails } = await jobStatus(jobId);
    expect(fails).toEqual(unknown.map((item) => ({ item, reason: USAGE_GRANT_REFUSALS.noAccount })));
  }, 180_000);

  it('brings a failed message back only after its visibility timeout, on the test clock', async () => {
    const label = `crash-${uniqueId('v')}`;
    broken.add(label);
    const { jobId } = await enqueueJob({
      queueId: 'bulk-user-create',
      kind: 'test-grant',
      items: [label, `${label}-other`],
      createdBy: 'operator',
    });
    for (
      let attempt = 0;
      attempt < 100 && (await queueView('bulk-user-create')).hidden.length === 0;
      attempt++
    )
      await sleep(20);
    // Both deliveries failed on the crashing item; the message is hidden until the timeout ends.
    await sleep(300);
    expect(await job(jobId)).toMatchObject({ status: 'queued', succeeded: 0 });
    const [hidden] = (await queueView('bulk-user-create')).hidden.filter((message) =>
      message.body.includes(jobId),
    );
    const timeoutMs =
      (QUEUES.find((queue) => queue.id === 'bulk-user-create')?.visibilityTimeoutSeconds ?? 0) * 1000;
    expect(Date.parse(hidden?.visibleAt ?? '')).toBeGreaterThan(nowMs() + timeoutMs - 5_000);

    broken.delete(label);
    moveTestClockTo(Date.parse(hidden?.visibleAt ?? '') + 1);
    expect(await finished(jobId)).toMatchObject({ total: 2, succeeded: 2, failed: 0 });
  });

  it('moves a message nobody can process to the dead-letter queue after maxReceiveCount receives', async () => {
    const { jobId } = await enqueueJob({
      queueId: 'bulk-items',
      kind: 'no-such-kind',
      items: ['a'],
      createdBy: 'operator',
    });
    const declaration = QUEUES.find((queue) => queue.id === 'bulk-items');
    let deadLetters: QueueView['deadLetters'] = [];
    for (let attempt = 0; attempt < 200 && deadLetters.length === 0; attempt += 1) {
      await sleep(30);
      const view = await queueView('bulk-items');
      const hidden = view.hidden.find((message) => message.body.includes(jobId));
      if (hidden) moveTestClockTo(Date.parse(hidden.visibleAt) + 1);
      deadLetters = view.deadLetters.filter((message) => message.body.includes(jobId));
    }
    expect(deadLetters).toHaveLength(1);
    expect(deadLetters[0]?.receiveCount).toBe(declaration?.maxReceiveCount);
  });
});
