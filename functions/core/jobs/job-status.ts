import type { BulkFailure, BulkJob } from '../../../shared/api/jobs.ts';
import { getJob, jobCounts, listJobFailures } from '../data/job-repository.ts';
import { NotFound } from '../errors.ts';

/**
 * A job's counts, and once it is done its failures in item order. The failures are read only at the
 * end: while the job runs the console polls the job and its messages' counts (one item per message, 34
 * for 10,000 usage grants), not its items' outcomes.
 */
export async function jobStatus(jobId: string): Promise<{ job: BulkJob; fails: BulkFailure[] }> {
  const [job, counts] = await Promise.all([getJob(jobId), jobCounts(jobId)]);
  if (!job) throw new NotFound(`Job ${jobId}`);
  const fails: BulkFailure[] = job.status === 'done' && counts.failed > 0 ? await listJobFailures(jobId) : [];
  return {
    job: {
      jobId: job.jobId,
      kind: job.kind,
      total: job.total,
      succeeded: counts.succeeded,
      failed: counts.failed,
      status: job.status,
      createdAt: job.createdAt,
    },
    fails,
  };
}
