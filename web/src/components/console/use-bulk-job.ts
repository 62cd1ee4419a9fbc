import { useState } from 'react';
import type { BulkFailure } from '../../../../shared/api/admin-jobs.ts';
import { useJobStatus } from '../../lib/console/get-job-status.ts';

/**
 * A bulk operation's states (admin-console.md section 4): idle, requested (inputs disabled),
 * processing (the job's processed count, polled), done (successes and the failures table). When the
 * request that queues the job fails, nothing was queued: every item is failed with 'Internal error
 * occurred.' (the specification's client rule). Once queued, the job's own record is the truth.
 */
export const REQUEST_FAILED_REASON = 'Internal error occurred.';

export type BulkPhase = 'idle' | 'requested' | 'processing' | 'done';

export function useBulkJob() {
  const [jobId, setJobId] = useState<string>();
  const [requested, setRequested] = useState(false);
  const [localFailures, setLocalFailures] = useState<BulkFailure[]>();
  const [error, setError] = useState<unknown>();
  const status = useJobStatus(jobId);
  const job = status.data?.job;

  const phase: BulkPhase = localFailures
    ? 'done'
    : job?.status === 'done'
      ? 'done'
      : jobId
        ? 'processing'
        : requested
          ? 'requested'
          : 'idle';

  return {
    phase,
    /** Inputs are disabled from the request until the job is done. */
    busy: phase === 'requested' || phase === 'processing',
    total: job?.total ?? localFailures?.length ?? 0,
    processed: job ? job.succeeded + job.failed : (localFailures?.length ?? 0),
    succeeded: job?.succeeded ?? 0,
    fails: localFailures ?? status.data?.fails ?? [],
    error: error ?? status.error,
    async start(request: () => Promise<{ jobId: string }>, itemLabels: readonly string[]) {
      setRequested(true);
      setLocalFailures(undefined);
      setError(undefined);
      setJobId(undefined);
      try {
        setJobId((await request()).jobId);
      } catch (failure) {
        setError(failure);
        setLocalFailures(itemLabels.map((item) => ({ item, reason: REQUEST_FAILED_REASON })));
      }
    },
    reset() {
      setRequested(false);
      setJobId(undefined);
      setLocalFailures(undefined);
      setError(undefined);
    },
  };
}
export type BulkJobState = ReturnType<typeof useBulkJob>;
