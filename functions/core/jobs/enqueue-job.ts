import { randomUUID } from 'node:crypto';
import { QUEUES, type QueueId } from '../../../shared/jobs/queues.ts';
import { sendMessages } from '../adapters/queue.ts';
import { db } from '../data/service.ts';
import type { BulkJobMessage } from './item-processors.ts';

/**
 * Records a bulk job and queues its items in messages of the queue's `itemsPerMessage`. Once this
 * returns, every item will be processed or end, with its message, in the dead-letter queue.
 */
export async function enqueueJob(input: {
  queueId: QueueId;
  kind: string;
  items: readonly unknown[];
  params?: Record<string, unknown>;
  createdBy: string;
}): Promise<{ jobId: string; messages: number }> {
  const declaration = QUEUES.find((queue) => queue.id === input.queueId);
  if (!declaration) throw new Error(`Unknown queue ${input.queueId}`);
  const jobId = randomUUID();
  await db()
    .entities.job.create({ jobId, kind: input.kind, createdBy: input.createdBy, total: input.items.length })
    .go();
  const messages: BulkJobMessage[] = [];
  for (let start = 0; start < input.items.length; start += declaration.itemsPerMessage) {
    messages.push({
      jobId,
      kind: input.kind,
      batchIndex: messages.length,
      items: input.items.slice(start, start + declaration.itemsPerMessage),
      params: input.params ?? {},
    });
  }
  await sendMessages(input.queueId, messages);
  return { jobId, messages: messages.length };
}
