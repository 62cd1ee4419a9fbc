import type { BulkFailure, BulkJob } from '../../../shared/api/jobs.ts';
import { getJob, listJobFailures } from '../data/job-repository.ts';
import { NotFound } from '../errors.ts';

/**
 * A job's counters, and once it is done its failures in item order. The failures are read only at the
 * end: while the job runs the console polls the one job item, which costs the same however big it is.
 */
export async function jobStatus(jobId: string): Promise<{ job: BulkJob; fails: BulkFailure[] }> {
  const job = await getJob(jobId);
  if (!job) throw new NotFound(`Job ${jobId}`);
  const fails: BulkFailure[] = job.status === 'done' && job.failed > 0 ? await listJobFailures(jobId) : [];
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
