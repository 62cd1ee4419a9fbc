import {
  countedItems,
  getJob,
  type JobItemOutcome,
  jobCounts,
  markJobDone,
  OUTCOMES_PER_TRANSACTION,
  recordedItemIndexes,
  recordOutcomes,
} from '../data/job-repository.ts';
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
 * Records outcomes of one message's items with the message's count (job-repository.ts) and counts in
 * the product metrics those this call recorded, so an item redelivered or recorded by a duplicate
 * delivery beside it counts once.
 */
export async function countOutcomes(outcomes: readonly JobItemOutcome[]): Promise<void> {
  for (let start = 0; start < outcomes.length; start += OUTCOMES_PER_TRANSACTION) {
    const recorded = await recordOutcomes(outcomes.slice(start, start + OUTCOMES_PER_TRANSACTION));
    for (const outcome of recorded) countMetric(outcome.ok ? 'bulkItemDone' : 'bulkItemFailed');
  }
}

/**
 * Marks a job done once every item has an outcome. The counts are read strongly consistent: consumers
 * finish a job's messages side by side, and the last to count must see the others' counts. Closing is
 * conditional, so of two consumers that both see the job complete one closes it.
 */
export async function markDoneIfComplete(jobId: string): Promise<void> {
  const [job, counts] = await Promise.all([getJob(jobId), jobCounts(jobId, true)]);
  if (job && job.status !== 'done' && counts.succeeded + counts.failed >= job.total) await markJobDone(jobId);
}

/**
 * Runs one message of a bulk job. A message whose items are all counted (a redelivery) does nothing
 * more; items whose outcome is already recorded are skipped; the processor reads what the others need
 * at once (its `prepare`), then handles them OUTCOMES_PER_TRANSACTION at a time, and the outcomes it
 * did not count itself are recorded OUTCOMES_PER_TRANSACTION at a time with the message's count. Throws
 * when the message must be retried (unknown kind, infrastructure failure).
 */
export async function runBatch(message: BulkJobMessage): Promise<void> {
  const processor = itemProcessor(message.kind);
  if (!processor) throw new Error(`No item processor for job kind '${message.kind}'`);
  // Items a processor counted itself leave no outcome item: only the message's count knows them.
  const counted = await countedItems(message);
  if (counted >= message.items.length) return markDoneIfComplete(message.jobId);
  // Outcome items are written with the count they add to, so a first delivery (nothing counted) has none.
  const done =
    counted === 0
      ? new Set<number>()
      : await recordedItemIndexes(message.jobId, message.batchIndex, message.items.length);
  const pending = [...message.items.entries()].filter(([itemIndex]) => !done.has(itemIndex));
  const prepared = await processor.prepare(
    pending.map(([, item]) => item),
    message.params,
  );

  for (let start = 0; start < pending.length; start += OUTCOMES_PER_TRANSACTION) {
    const chunk = pending.slice(start, start + OUTCOMES_PER_TRANSACTION).map(([itemIndex, item]) => ({
      item,
      place: { jobId: message.jobId, batchIndex: message.batchIndex, itemIndex },
    }));
    const outcomes = await processor.process(chunk, message.params, prepared);
    const uncounted: JobItemOutcome[] = [];
    for (const [index, { item, place }] of chunk.entries()) {
      const outcome = outcomes[index] ?? { ok: false, reason: 'No outcome' };
      if (!outcome.ok) uncounted.push({ ...place, item: itemLabel(item), ok: false, reason: outcome.reason });
      else if (!outcome.counted) uncounted.push({ ...place, item: itemLabel(item), ok: true });
      else if (outcome.counted === 'now') countMetric('bulkItemDone');
    }
    await countOutcomes(uncounted);
  }

  await markDoneIfComplete(message.jobId);
}
