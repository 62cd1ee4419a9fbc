import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { db } from '../../../functions/core/data/service.ts';
import { enqueueJob } from '../../../functions/core/jobs/enqueue-job.ts';
import { registerItemProcessor } from '../../../functions/core/jobs/item-processors.ts';
import { invokeModule } from '../../../scripts/local/lambda-context.ts';
import type { LocalEndpointHandler, StandIn } from '../../../scripts/local/stand-in-context.ts';
import { start } from '../../../scripts/local/stand-ins/sqs.ts';
import { pointAtRuntime, uniqueId } from '../helpers.ts';

/**
 * Bulk jobs end to end in this process: the real queue adapter sends to the SQS stand-in, which
 * delivers Lambda-shaped events to the real consumer, over the shared DynamoDB Local.
 */
let sqs: StandIn;
const endpoints = new Map<string, LocalEndpointHandler>();
const applied = new Map<string, number>();
const crashed = new Set<string>();

beforeAll(async () => {
  pointAtRuntime();
  sqs = await start(
    {
      registerLocalEndpoint: (method, path, handler) => endpoints.set(`${method} ${path}`, handler),
      invokeModule,
      stateDir: undefined,
      baseUrl: 'http://localhost',
    },
    { retryDelayMs: 20 },
  );
  Object.assign(process.env, sqs.env);
  registerItemProcessor('test-grant', async (item) => {
    const label = String(item);
    if (label.startsWith('crash') && !crashed.has(label)) {
      crashed.add(label);
      throw new Error('consumer killed mid-message');
    }
    if (label.startsWith('refuse')) return { ok: false, reason: 'No such user' };
    applied.set(label, (applied.get(label) ?? 0) + 1);
    return { ok: true };
  });
});

afterAll(async () => {
  await sqs?.stop();
});

async function finished(jobId: string) {
  for (let attempt = 0; attempt < 200; attempt += 1) {
    const { data } = await db().entities.job.get({ jobId }).go();
    if (data?.status === 'done') return data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`job ${jobId} did not finish`);
}

describe('bulk jobs through the queue', () => {
  it('processes every item exactly once, records refusals, and survives a consumer killed mid-message', async () => {
    const prefix = uniqueId('u');
    const items = Array.from({ length: 25 }, (_, index) =>
      index === 13 ? `crash-${prefix}` : index % 7 === 3 ? `refuse-${prefix}-${index}` : `${prefix}-${index}`,
    );
    const { jobId, messages } = await enqueueJob({
      queueId: 'bulk-user-create',
      kind: 'test-grant',
      items,
      createdBy: 'operator',
    });
    expect(messages).toBe(3);

    const job = await finished(jobId);
    const refusals = items.filter((item) => item.startsWith('refuse'));
    expect(job.total).toBe(25);
    expect(job.failed).toBe(refusals.length);
    expect(job.succeeded).toBe(25 - refusals.length);
    for (const item of items.filter((item) => !item.startsWith('refuse')))
      expect(applied.get(item), item).toBe(1);

    const { data: outcomes } = await db().entities.jobItemOutcome.query.byJob({ jobId }).go({ pages: 'all' });
    expect(outcomes).toHaveLength(25);
    expect(
      outcomes.filter((outcome) => !outcome.ok).map((outcome) => [outcome.item, outcome.reason]),
    ).toEqual(refusals.map((item) => [item, 'No such user']));
  });

  it('moves a message nobody can process to the dead-letter queue after its receives', async () => {
    const { jobId } = await enqueueJob({
      queueId: 'bulk-items',
      kind: 'no-such-kind',
      items: ['a'],
      createdBy: 'operator',
    });
    let deadLetters: Array<{ body: string; receiveCount: number }> = [];
    for (let attempt = 0; attempt < 100 && deadLetters.length === 0; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 30));
      let text = '';
      const res = { writeHead: () => res, end: (body: string) => (text = body) };
      await endpoints.get('GET /_local/queues.json')?.({} as never, res as never);
      const queue = (JSON.parse(text) as Array<{ queue: string; deadLetters: typeof deadLetters }>).find(
        (q) => q.queue === 'bulk-items',
      );
      deadLetters = (queue?.deadLetters ?? []).filter((message) => message.body.includes(jobId));
    }
    expect(deadLetters).toHaveLength(1);
    expect(deadLetters[0]?.receiveCount).toBe(3);
  });
});
