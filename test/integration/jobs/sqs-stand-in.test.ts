import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SendMessageBatchCommand, SendMessageCommand, SQSClient } from '@aws-sdk/client-sqs';
import type { SQSEvent } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messageBytes } from '../../../functions/core/adapters/queue.ts';
import { enqueueJob } from '../../../functions/core/jobs/enqueue-job.ts';
import type { BulkJobMessage } from '../../../functions/core/jobs/item-processors.ts';
import type {
  LocalEndpointHandler,
  StandIn,
  StandInContext,
} from '../../../scripts/local/stand-in-context.ts';
import { start } from '../../../scripts/local/stand-ins/sqs.ts';
import { moveTestClockTo } from '../../../scripts/local/test-clock.ts';
import { QUEUES, queueUrlVariable, SQS_LIMITS } from '../../../shared/jobs/queues.ts';
import { pointAtRuntime } from '../helpers.ts';

/**
 * The SQS stand-in against what SQS and Lambda's event source mapping do, with a consumer that only
 * records what it is given: the refusals of the SQS protocol, senders that pack their messages to fit,
 * the queue's concurrency, and messages kept across a restart.
 */
const delivered: SQSEvent['Records'] = [];
let running = 0;
let peak = 0;
let consumerDelayMs = 0;
let consumerFails = false;
/** The time budget each invocation was given, in ms. */
const budgets: Array<number | undefined> = [];

function context(endpoints: Map<string, LocalEndpointHandler>, stateDir?: string): StandInContext {
  return {
    registerLocalEndpoint: (method, path, handler) => endpoints.set(`${method} ${path}`, handler),
    invokeModule: async (_module, event, budgetMs) => {
      budgets.push(budgetMs);
      running += 1;
      peak = Math.max(peak, running);
      try {
        await sleep(consumerDelayMs);
        delivered.push(...(event as SQSEvent).Records);
        if (consumerFails) throw new Error('consumer down');
        return { batchItemFailures: [] };
      } finally {
        running -= 1;
      }
    },
    stateDir,
    baseUrl: 'http://localhost',
  };
}

let sqs: StandIn;
let client: SQSClient;
const url = (queueId: (typeof QUEUES)[number]['id']) => process.env[queueUrlVariable(queueId)];

beforeAll(async () => {
  pointAtRuntime();
  sqs = await start(context(new Map()), { duplicateShare: 0 });
  Object.assign(process.env, sqs.env);
  client = new SQSClient({ region: 'ap-northeast-2', endpoint: sqs.env.AWS_ENDPOINT_URL_SQS });
});

afterAll(async () => {
  await sqs?.stop();
});

async function refusal(send: Promise<unknown>): Promise<string> {
  try {
    await send;
  } catch (error) {
    return (error as Error).name;
  }
  return 'accepted';
}

describe('the SQS stand-in', () => {
  it("refuses what SQS refuses, with SQS's errors", async () => {
    const QueueUrl = url('bulk-items');
    const body = (bytes: number) => 'x'.repeat(bytes);
    const send = (MessageBody: string) => client.send(new SendMessageCommand({ QueueUrl, MessageBody }));
    const batch = (bodies: string[], ids = bodies.map((_, index) => `e${index}`)) =>
      client.send(
        new SendMessageBatchCommand({
          QueueUrl,
          Entries: bodies.map((MessageBody, index) => ({ Id: ids[index], MessageBody })),
        }),
      );
    expect(await refusal(send(body(SQS_LIMITS.messageBytes)))).toBe('accepted');
    expect(await refusal(send(body(SQS_LIMITS.messageBytes + 1)))).toBe('InvalidParameterValue');
    // Three bytes a character: 87,382 of them pass the limit although the string is shorter.
    expect(await refusal(send('가'.repeat(87_382)))).toBe('InvalidParameterValue');
    expect(await refusal(send('\u0000'))).toBe('InvalidMessageContents');
    expect(await refusal(batch([]))).toBe('EmptyBatchRequest');
    expect(await refusal(batch(Array.from({ length: 11 }, () => '{}')))).toBe('TooManyEntriesInBatchRequest');
    expect(await refusal(batch(['{}', '{}'], ['same', 'same']))).toBe('BatchEntryIdsNotDistinct');
    expect(await refusal(batch(['{}'], ['not allowed']))).toBe('InvalidBatchEntryId');
    expect(await refusal(batch([body(150_000), body(150_000)]))).toBe('BatchRequestTooLong');
    expect(
      await refusal(
        client.send(
          new SendMessageCommand({
            QueueUrl: `${sqs.env.AWS_ENDPOINT_URL_SQS}/000000000000/nope`,
            MessageBody: '{}',
          }),
        ),
      ),
    ).toBe('QueueDoesNotExist');
  });

  it('packs 3,000 and 600 long e-mail addresses into messages and requests that SQS takes', async () => {
    const long = (index: number, character: string) =>
      `${character.repeat(240)}${String(index).padStart(4, '0')}@ex.com`;
    // 300 addresses of 254 characters make a 77 KB message: ten of them pass one request's 256 KiB.
    const ascii = Array.from({ length: 3000 }, (_, index) => long(index, 'a'));
    // 254 Korean characters are 762 bytes: 300 of them make a message of 230 KB, two pass a request.
    const korean = Array.from({ length: 600 }, (_, index) => long(index, '가'));
    for (const items of [ascii, korean]) {
      const { jobId, notQueued } = await enqueueJob({
        queueId: 'bulk-items',
        kind: 'test-size',
        items,
        createdBy: 'operator',
      });
      expect(notQueued).toBe(0);
      let received: BulkJobMessage[] = [];
      for (let attempt = 0; attempt < 200 && received.length * 300 < items.length; attempt += 1) {
        await sleep(20);
        received = delivered
          .filter((record) => record.body.includes(jobId))
          .map((record) => JSON.parse(record.body) as BulkJobMessage);
      }
      expect(received.flatMap((message) => message.items).sort()).toEqual([...items].sort());
      for (const message of received)
        expect(messageBytes(message)).toBeLessThanOrEqual(SQS_LIMITS.messageBytes);
    }
  });

  it("delivers with the queue's concurrency and its consumer's timeout, not one message at a time", async () => {
    const queue = QUEUES.find((declaration) => declaration.id === 'bulk-items');
    consumerDelayMs = 100;
    peak = 0;
    budgets.length = 0;
    try {
      const before = delivered.length;
      for (let start = 0; start < 12; start += 6) {
        await client.send(
          new SendMessageBatchCommand({
            QueueUrl: url('bulk-items'),
            Entries: Array.from({ length: 6 }, (_, index) => ({
              Id: `c${start + index}`,
              MessageBody: '{}',
            })),
          }),
        );
      }
      for (let attempt = 0; attempt < 100 && delivered.length < before + 12; attempt += 1) await sleep(20);
      expect(delivered.length).toBe(before + 12);
      expect(peak).toBe(queue?.maxConcurrency);
      // Lambda gives the consumer its own timeout, not a route's.
      expect(new Set(budgets)).toEqual(new Set([(queue?.consumerTimeoutSeconds ?? 0) * 1000]));
    } finally {
      consumerDelayMs = 0;
    }
  });

  it('keeps its messages across a restart, a message in flight coming back after its visibility timeout', async () => {
    const stateDir = mkdtempSync(join(tmpdir(), 'cutloom-sqs-'));
    try {
      consumerFails = true;
      const first = await start(context(new Map(), stateDir), { duplicateShare: 0 });
      const firstClient = new SQSClient({
        region: 'ap-northeast-2',
        endpoint: first.env.AWS_ENDPOINT_URL_SQS,
      });
      const body = JSON.stringify({ kept: stateDir });
      await firstClient.send(
        new SendMessageCommand({
          QueueUrl: first.env[queueUrlVariable('bulk-user-create')],
          MessageBody: body,
        }),
      );
      for (let attempt = 0; attempt < 100 && !delivered.some((record) => record.body === body); attempt += 1)
        await sleep(20);
      await first.stop();
      consumerFails = false;

      const endpoints = new Map<string, LocalEndpointHandler>();
      const second = await start(context(endpoints, stateDir), { duplicateShare: 0 });
      try {
        let text = '';
        const res = { writeHead: () => res, end: (view: string) => (text = view) };
        await endpoints.get('GET /_local/queues.json')?.({} as never, res as never);
        const queue = (
          JSON.parse(text) as Array<{ queue: string; hidden: Array<{ body: string; visibleAt: string }> }>
        ).find((view) => view.queue === 'bulk-user-create');
        const hidden = queue?.hidden.find((message) => message.body === body);
        expect(hidden).toBeDefined();
        const deliveries = () => delivered.filter((record) => record.body === body);
        expect(deliveries()).toHaveLength(1);
        moveTestClockTo(Date.parse(hidden?.visibleAt ?? '') + 1);
        for (let attempt = 0; attempt < 100 && deliveries().length < 2; attempt += 1) await sleep(20);
        expect(deliveries().map((record) => record.attributes.ApproximateReceiveCount)).toEqual(['1', '2']);
      } finally {
        await second.stop();
      }
    } finally {
      consumerFails = false;
      rmSync(stateDir, { recursive: true, force: true });
    }
  });
});
