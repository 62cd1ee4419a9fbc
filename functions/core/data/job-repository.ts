import { setTimeout as sleep } from 'node:timers/promises';
import { tableService } from './client.ts';
import {
  BulkRequest,
  type BulkRequestItem,
  JobBatchCount,
  Job as JobEntity,
  type JobItem,
  JobItemOutcome as JobItemOutcomeEntity,
  type JobItemOutcomeItem,
} from './entities/job.ts';
import {
  conditionFailed,
  type ItemOutcomes,
  lostToConcurrentWrite,
  type TransactionEntities,
} from './transaction.ts';

const db = tableService({
  bulkRequest: BulkRequest,
  job: JobEntity,
  jobBatchCount: JobBatchCount,
  jobItemOutcome: JobItemOutcomeEntity,
});

/**
 * Bulk jobs: the job (its total and status), one outcome per item and, per message, the count of its
 * outcomes (written once, together), and the claims that refuse a repeated bulk request.
 */
export type Job = JobItem;
export type JobItemOutcome = JobItemOutcomeItem;
export interface JobCounts {
  succeeded: number;
  failed: number;
}

/** Outcomes written per transaction with their message's count (DynamoDB allows 100 writes). */
export const OUTCOMES_PER_TRANSACTION = 99;

/** One message of a job, whose count (JobBatchCount) its deliveries' writes add to. */
export interface JobMessage {
  jobId: string;
  batchIndex: number;
}

/**
 * The write that adds items to their message's count, for the transaction that records them: an
 * outcome written on condition it does not exist, or a processor's own effect written so (a bulk
 * grant's usage entries), so that an item counts exactly when it first takes effect.
 */
export function messageCountCommit(
  { jobBatchCount }: Pick<TransactionEntities, 'jobBatchCount'>,
  message: JobMessage,
  counts: JobCounts,
) {
  return jobBatchCount
    .update({ jobId: message.jobId, batchIndex: message.batchIndex })
    .add({ ...counts })
    .commit();
}

export async function createJob(job: Pick<Job, 'jobId' | 'kind' | 'createdBy' | 'total'>): Promise<void> {
  await db().entities.job.create(job).go();
}

/** A job as stored. */
export async function getJob(jobId: string): Promise<Job | undefined> {
  const { data } = await db().entities.job.get({ jobId }).go();
  return data ?? undefined;
}

/**
 * A job's counts: the sum of its messages' counts, one item each (a job of 10,000 usage grants has 34).
 * `consistent` for the read that closes a job: consumers finish a job's messages side by side, and the
 * last to count must see the others' counts.
 */
export async function jobCounts(jobId: string, consistent = false): Promise<JobCounts> {
  const { data } = await db()
    .entities.jobBatchCount.query.byJob({ jobId })
    .go({ pages: 'all', consistent, attributes: ['succeeded', 'failed'] });
  return data.reduce(
    (sum, count) => ({ succeeded: sum.succeeded + count.succeeded, failed: sum.failed + count.failed }),
    { succeeded: 0, failed: 0 },
  );
}

/** Marks a job done unless it is already: true for the one call that closed it. */
export async function markJobDone(jobId: string): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write(({ job }) => [
      job
        .patch({ jobId })
        .set({ status: 'done' })
        .where((attr, op) => op.eq(attr.status, 'queued'))
        .commit(),
    ])
    .go();
  return !canceled;
}

/**
 * How many of a message's items are counted (strongly consistent: a redelivery that finds every item
 * counted does nothing, which only an item recorded by a finished write may justify).
 */
export async function countedItems(message: JobMessage): Promise<number> {
  const { data } = await db()
    .entities.jobBatchCount.get({ jobId: message.jobId, batchIndex: message.batchIndex })
    .go({ consistent: true, attributes: ['succeeded', 'failed'] });
  return (data?.succeeded ?? 0) + (data?.failed ?? 0);
}

/** The positions of a message's items whose outcome is recorded already (a redelivery skips them). */
export async function recordedItemIndexes(
  jobId: string,
  batchIndex: number,
  itemCount: number,
): Promise<Set<number>> {
  const { data } = await db()
    .entities.jobItemOutcome.query.byJob({ jobId })
    .between({ batchIndex, itemIndex: 0 }, { batchIndex, itemIndex: itemCount })
    .go({ pages: 'all', attributes: ['itemIndex'] });
  return new Set(data.map((outcome) => outcome.itemIndex));
}

/**
 * Writes the outcomes of some items of one message (at most OUTCOMES_PER_TRANSACTION), each on the
 * condition that it does not exist, and adds them to the message's count in the same transaction.
 * Outcomes another delivery of the message recorded first are left out and the rest written again, so
 * each item is counted once; a transaction that lost to a concurrent one is tried again. Answers the
 * outcomes this call recorded.
 */
export async function recordOutcomes(outcomes: readonly JobItemOutcome[]): Promise<JobItemOutcome[]> {
  let pending = [...outcomes];
  for (let attempt = 1; pending.length > 0; attempt += 1) {
    const [first] = pending as [JobItemOutcome];
    const failed = pending.filter((outcome) => !outcome.ok).length;
    const { canceled, data } = await db()
      .transaction.write(({ jobItemOutcome, jobBatchCount }) => [
        ...pending.map((outcome) => jobItemOutcome.create(outcome).commit()),
        messageCountCommit({ jobBatchCount }, first, { succeeded: pending.length - failed, failed }),
      ])
      .go();
    if (!canceled) return pending;
    const reasons = data as ItemOutcomes;
    if (pending.some((_, index) => conditionFailed(reasons, index))) {
      pending = pending.filter((_, index) => !conditionFailed(reasons, index));
    } else if (!lostToConcurrentWrite(reasons) || attempt >= MAX_ATTEMPTS) {
      throw new Error(`Recording the outcomes of job ${first.jobId} was cancelled`);
    } else {
      await sleep(Math.random() * 10 * attempt);
    }
  }
  return [];
}

const MAX_ATTEMPTS = 10;

/** A job's failed items in item order. */
export async function listJobFailures(jobId: string): Promise<Array<{ item: string; reason: string }>> {
  const { data } = await db()
    .entities.jobItemOutcome.query.byJob({ jobId })
    .where((attr, op) => op.eq(attr.ok, false))
    .go({ pages: 'all', attributes: ['item', 'reason'] });
  return data.map((outcome) => ({ item: outcome.item, reason: outcome.reason ?? '' }));
}

/**
 * Claims a bulk request's fingerprint in one conditional write, unless an unexpired claim holds it
 * (`force` claims it anyway): false when refused, so of two equal requests sent at once one wins.
 */
export async function claimBulkFingerprint(
  claim: BulkRequestItem,
  now: number,
  force: boolean,
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write(({ bulkRequest }) => [
      force
        ? bulkRequest.put(claim).commit()
        : bulkRequest
            .put(claim)
            .where((attr, op) => `${op.notExists(attr.expiresAt)} OR ${op.lte(attr.expiresAt, now)}`)
            .commit(),
    ])
    .go();
  return !canceled;
}
