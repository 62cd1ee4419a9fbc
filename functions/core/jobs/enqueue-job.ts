import { randomUUID } from 'node:crypto';
import { QUEUES, type QueueId } from '../../../shared/jobs/queues.ts';
import { packItems, packRequests, sendMessageBatch } from '../adapters/queue.ts';
import { createJob } from '../data/job-repository.ts';
import { logger } from '../logger.ts';
import type { BulkJobMessage } from './item-processors.ts';
import { countOutcomes, itemLabel, markDoneIfComplete } from './run-batch.ts';

/** The reason given to the items of a job that could not be queued (admin-console.md section 8). */
export const NOT_QUEUED_REASON = 'Internal error occurred.';

/**
 * Records a bulk job and queues its items in messages of the queue's `itemsPerMessage` (fewer when they
 * would pass SQS's message size), sent in requests that fit SQS's batch limits. The first send request
 * that fails stops the rest: the items of every message not queued are recorded as failed with
 * 'Internal error occurred.', so the job still ends and its failures table tells the operator which
 * items to send again. Every queued item will be processed or end, with its message, in the
 * dead-letter queue: nothing is dropped silently.
 */
export async function enqueueJob(input: {
  queueId: QueueId;
  kind: string;
  items: readonly unknown[];
  params?: Record<string, unknown>;
  createdBy: string;
}): Promise<{ jobId: string; messages: number; notQueued: number }> {
  const declaration = QUEUES.find((queue) => queue.id === input.queueId);
  if (!declaration) throw new Error(`Unknown queue ${input.queueId}`);
  const jobId = randomUUID();
  await createJob({ jobId, kind: input.kind, createdBy: input.createdBy, total: input.items.length });
  const messages = packItems(
    input.items,
    declaration.itemsPerMessage,
    (batchIndex, items): BulkJobMessage => ({
      jobId,
      kind: input.kind,
      batchIndex,
      items,
      params: input.params ?? {},
    }),
  );

  const requests = packRequests(messages);
  const notQueued: BulkJobMessage[] = [];
  for (const [index, group] of requests.entries()) {
    const later = requests.slice(index + 1).flat();
    try {
      const { refused } = await sendMessageBatch(input.queueId, group);
      if (refused.length === 0) continue;
      notQueued.push(...refused.map((position) => group[position] as BulkJobMessage), ...later);
    } catch (error) {
      logger.error('Queueing a bulk job failed; its remaining items are marked failed', { jobId, error });
      notQueued.push(...group, ...later);
    }
    break;
  }
  if (notQueued.length) await recordNotQueued(jobId, notQueued);
  return {
    jobId,
    messages: messages.length,
    notQueued: notQueued.reduce((sum, m) => sum + m.items.length, 0),
  };
}

/** Records the items of the messages not queued as failed, counted like the items a consumer refuses. */
async function recordNotQueued(jobId: string, notQueued: readonly BulkJobMessage[]): Promise<void> {
  for (const message of notQueued) {
    await countOutcomes(
      message.items.map((item, itemIndex) => ({
        jobId,
        batchIndex: message.batchIndex,
        itemIndex,
        item: itemLabel(item),
        ok: false,
        reason: NOT_QUEUED_REASON,
      })),
    );
  }
  await markDoneIfComplete(jobId);
}
