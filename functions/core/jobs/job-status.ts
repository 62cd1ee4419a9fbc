import type { BulkFailure, BulkJob } from '../../../shared/api/jobs.ts';
import { db } from '../data/service.ts';
import { NotFound } from '../errors.ts';

/**
 * A job's counters, and once it is done its failures in item order. The failures are read only at the
 * end: while the job runs the console polls the one job item, which costs the same however big it is.
 */
export async function jobStatus(jobId: string): Promise<{ job: BulkJob; fails: BulkFailure[] }> {
  const { data: job } = await db().entities.job.get({ jobId }).go();
  if (!job) throw new NotFound(`Job ${jobId}`);
  let fails: BulkFailure[] = [];
  if (job.status === 'done' && job.failed > 0) {
    const { data } = await db()
      .entities.jobItemOutcome.query.byJob({ jobId })
      .where((attr, op) => op.eq(attr.ok, false))
      .go({ pages: 'all', attributes: ['item', 'reason'] });
    fails = data.map((outcome) => ({ item: outcome.item, reason: outcome.reason ?? '' }));
  }
  return {
    job: {
      jobId: job.jobId,
      kind: job.kind,
      total: job.total,
      succeeded: job.succeeded,
      failed: job.failed,
      status: job.status,
      createdAt: job.createdAt,
    },
    fails,
  };
}
