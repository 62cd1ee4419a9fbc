import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BulkFailure } from '../../../../shared/api/jobs.ts';
import { BULK_REPEAT_REFUSAL, BULK_REPEAT_WINDOW_MS } from '../../../../shared/jobs/bulk-repeat.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useJobStatus } from '../../lib/console/get-job-status.ts';
import { useConfirm } from './ConfirmDialog.tsx';

/**
 * A bulk operation's states (admin-console.md section 4): idle, requested (inputs disabled),
 * processing (the job's processed count, polled), done (successes and the failures table). When the
 * request that queues the job fails, nothing was queued: every item is failed with 'Internal error
 * occurred.' (the specification's client rule). Once queued, the job's own record is the truth.
 *
 * When a job is done, `onDone` resets the page's form, so a finished job is not sent again by a
 * second click; a request equal to a recent one is refused by the server and sent again only when the
 * operator confirms the repeat (shared/jobs/bulk-repeat.ts).
 */
export const REQUEST_FAILED_REASON = 'Internal error occurred.';

export type BulkPhase = 'idle' | 'requested' | 'processing' | 'done';

const isRepeatRefusal = (error: unknown) =>
  error instanceof ApiError && error.serverCode === 'conflict' && error.message.endsWith(BULK_REPEAT_REFUSAL);

export function useBulkJob({ onDone }: { onDone?: () => void } = {}) {
  const { t } = useTranslation('console-shell');
  const confirm = useConfirm();
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

  const doneAction = useRef(onDone);
  doneAction.current = onDone;
  const jobDone = job?.status === 'done';
  useEffect(() => {
    if (jobDone) doneAction.current?.();
  }, [jobDone]);

  const queue = async (request: (confirmRepeat: boolean) => Promise<{ jobId: string }>) => {
    try {
      return (await request(false)).jobId;
    } catch (failure) {
      if (!isRepeatRefusal(failure)) throw failure;
      const again = await confirm({
        title: t('bulk.repeat_question'),
        description: t('bulk.repeat_detail', { minutes: BULK_REPEAT_WINDOW_MS / 60_000 }),
        confirmLabel: t('bulk.repeat_confirm'),
        destructive: true,
      });
      return again ? (await request(true)).jobId : undefined;
    }
  };

  return {
    phase,
    /** Inputs are disabled from the request until the job is done. */
    busy: phase === 'requested' || phase === 'processing',
    total: job?.total ?? localFailures?.length ?? 0,
    processed: job ? job.succeeded + job.failed : (localFailures?.length ?? 0),
    succeeded: job?.succeeded ?? 0,
    fails: localFailures ?? status.data?.fails ?? [],
    error: error ?? status.error,
    /** Queues the job; `request` is told whether the operator confirmed a repeat of a recent request. */
    async start(
      request: (confirmRepeat: boolean) => Promise<{ jobId: string }>,
      itemLabels: readonly string[],
    ) {
      setRequested(true);
      setLocalFailures(undefined);
      setError(undefined);
      setJobId(undefined);
      try {
        const queued = await queue(request);
        if (queued) setJobId(queued);
        else setRequested(false);
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
