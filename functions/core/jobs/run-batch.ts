import { getJob, markJobDone, recordedItemIndexes, recordItemOutcome } from '../data/job-repository.ts';
import { countMetric } from '../observability.ts';
import { type BulkJobMessage, itemProcessor } from './item-processors.ts';

/**
 * An item's label for the failures table: the uid or e-mail itself, or a row's e-mail (else uid or
 * id). Rows are never stored whole: a user-create row carries a password.
 */
export function itemLabel(item: unknown): string {
  if (typeof item === 'string') return item;
  if (typeof item === 'object' && item !== null) {
    for (const field of ['email', 'uid', 'id'] as const) {
      const value = (item as Record<string, unknown>)[field];
      if (typeof value === 'string' && value) return value;
    }
  }
  return '(unnamed item)';
}

/**
 * Marks a job done once every item has an outcome. The read is strongly consistent: consumers finish a
 * job's messages side by side, and the last to count must see the others' counts to close it.
 */
export async function markDoneIfComplete(jobId: string): Promise<void> {
  const job = await getJob(jobId, true);
  if (job && job.status !== 'done' && job.succeeded + job.failed >= job.total) await markJobDone(jobId);
}

/**
 * Runs one message of a bulk job. Items whose outcome is already recorded (a redelivery) are skipped;
 * each new outcome is written together with the job's counter (recordItemOutcome), so counts stay
 * exact under redelivery and concurrency. Throws when the
 * message must be retried (unknown kind, infrastructure failure).
 */
export async function runBatch(message: BulkJobMessage): Promise<void> {
  const processor = itemProcessor(message.kind);
  if (!processor) throw new Error(`No item processor for job kind '${message.kind}'`);
  const done = await recordedItemIndexes(message.jobId, message.batchIndex, message.items.length);

  for (const [itemIndex, item] of message.items.entries()) {
    if (done.has(itemIndex)) continue;
    const outcome = await processor(item, message.params, {
      jobId: message.jobId,
      batchIndex: message.batchIndex,
      itemIndex,
    });
    const recorded = await recordItemOutcome({
      jobId: message.jobId,
      batchIndex: message.batchIndex,
      itemIndex,
      item: itemLabel(item),
      ok: outcome.ok,
      ...(outcome.ok ? {} : { reason: outcome.reason }),
    });
    // Not recorded: another delivery recorded this item first; nothing is counted.
    if (recorded) countMetric(outcome.ok ? 'bulkItemDone' : 'bulkItemFailed');
  }

  await markDoneIfComplete(message.jobId);
}
