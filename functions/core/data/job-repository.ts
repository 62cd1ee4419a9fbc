import { tableService } from './client.ts';
import {
  BulkRequest,
  type BulkRequestItem,
  Job as JobEntity,
  type JobItem,
  JobItemOutcome as JobItemOutcomeEntity,
  type JobItemOutcomeItem,
} from './entities/job.ts';

const db = tableService({ bulkRequest: BulkRequest, job: JobEntity, jobItemOutcome: JobItemOutcomeEntity });

/**
 * Bulk jobs: the job's counters, one outcome per item (written once, with the counter it moves) and
 * the claims that refuse a repeated bulk request.
 */
export type Job = JobItem;
export type JobItemOutcome = JobItemOutcomeItem;

/** Outcomes written per transaction with the job's counter (DynamoDB allows 100 writes). */
const OUTCOMES_PER_TRANSACTION = 99;

export async function createJob(job: Pick<Job, 'jobId' | 'kind' | 'createdBy' | 'total'>): Promise<void> {
  await db().entities.job.create(job).go();
}

/**
 * A job as stored. `consistent` for the read that closes a job: consumers finish a job's messages side
 * by side, and the last to count must see the others' counts.
 */
export async function getJob(jobId: string, consistent = false): Promise<Job | undefined> {
  const { data } = await db().entities.job.get({ jobId }).go({ consistent });
  return data ?? undefined;
}

export async function markJobDone(jobId: string): Promise<void> {
  await db().entities.job.patch({ jobId }).set({ status: 'done' }).go();
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
 * Writes one item's outcome with the job's counter in one transaction, conditioned on the outcome not
 * existing: false when another delivery recorded it first (nothing is counted then).
 */
export async function recordItemOutcome(outcome: JobItemOutcome): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write(({ jobItemOutcome, job }) => [
      jobItemOutcome.create(outcome).commit(),
      job
        .patch({ jobId: outcome.jobId })
        .add(outcome.ok ? { succeeded: 1 } : { failed: 1 })
        .commit(),
    ])
    .go();
  return !canceled;
}

/** Records items that failed together (never queued), counting them failed in the same transactions. */
export async function recordFailedItems(jobId: string, outcomes: readonly JobItemOutcome[]): Promise<void> {
  for (let start = 0; start < outcomes.length; start += OUTCOMES_PER_TRANSACTION) {
    const chunk = outcomes.slice(start, start + OUTCOMES_PER_TRANSACTION);
    await db()
      .transaction.write(({ jobItemOutcome, job }) => [
        ...chunk.map((outcome) => jobItemOutcome.create(outcome).commit()),
        job.patch({ jobId }).add({ failed: chunk.length }).commit(),
      ])
      .go();
  }
}

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
