import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { db } from '../../../functions/core/data/service.ts';
import { enqueueJob, NOT_QUEUED_REASON } from '../../../functions/core/jobs/enqueue-job.ts';
import { jobStatus } from '../../../functions/core/jobs/job-status.ts';
import { metrics } from '../../../functions/core/observability.ts';
import { queueUrlVariable } from '../../../shared/jobs/queues.ts';
import { PRODUCT_METRICS } from '../../../shared/observability/product-metrics.ts';
import { pointAtRuntime } from '../helpers.ts';

/**
 * The specification's client rule on the server side (admin-console.md section 4): the first send
 * request that fails stops the remaining batches, and their items are marked failed with 'Internal
 * error occurred.', while what was queued before stays queued. An SQS endpoint that takes the first
 * SendMessageBatch request and then fails every other plays the failing queue.
 */
let server: Server;
let requests = 0;

beforeAll(async () => {
  pointAtRuntime();
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests += 1;
      const entries = (
        JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          Entries: Array<{ Id: string; MessageBody: string }>;
        }
      ).Entries;
      if (requests === 1) {
        res.writeHead(200, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(
          JSON.stringify({
            Successful: entries.map((entry) => ({
              Id: entry.Id,
              MessageId: entry.Id,
              MD5OfMessageBody: createHash('md5').update(entry.MessageBody).digest('hex'),
            })),
            Failed: [],
          }),
        );
      } else {
        res.writeHead(500, { 'content-type': 'application/x-amz-json-1.0' });
        res.end(JSON.stringify({ __type: 'com.amazonaws.sqs#InternalError', message: 'down' }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  Object.assign(process.env, {
    AWS_ENDPOINT_URL_SQS: endpoint,
    [queueUrlVariable('bulk-user-create')]: `${endpoint}/000000000000/bulk-user-create`,
  });
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a queue that fails mid-way through a job', () => {
  it('keeps the first ten messages queued and marks every later item failed, counted once each, so the job can still end', async () => {
    // The items never queued are failures an operator watches as any other (issue 16: BulkItemFailed).
    const added = vi.spyOn(metrics, 'addMetric');
    const items = Array.from({ length: 125 }, (_, index) => `item-${index}`);
    const { jobId, messages, notQueued } = await enqueueJob({
      queueId: 'bulk-user-create',
      kind: 'test-noop',
      items,
      createdBy: 'operator',
    });
    expect(messages).toBe(13);
    expect(notQueued).toBe(25);
    const { job } = await jobStatus(jobId);
    expect(job).toMatchObject({ total: 125, succeeded: 0, failed: 25, status: 'queued' });
    expect(requests).toBeGreaterThanOrEqual(2);
    const { data: outcomes } = await db().entities.jobItemOutcome.query.byJob({ jobId }).go({ pages: 'all' });
    expect(outcomes.map((outcome) => [outcome.item, outcome.reason])).toEqual(
      items.slice(100).map((item) => [item, NOT_QUEUED_REASON]),
    );
    const counted = added.mock.calls.filter(([name]) => name === PRODUCT_METRICS.bulkItemFailed.name);
    expect(counted.reduce((sum, [, , value]) => sum + Number(value), 0)).toBe(25);
    added.mockRestore();
    metrics.clearMetrics();
  });
});
