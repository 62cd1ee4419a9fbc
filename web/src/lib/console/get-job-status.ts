import { queryOptions, useQuery } from '@tanstack/react-query';
import { adminJobStatus } from '../../../../shared/api/jobs.ts';
import { adminCall, adminKey } from './admin-api.ts';

/** A bulk job's progress, polled every second until it is done (then its failures come with it). */
export const JOB_POLL_MS = 1000;

export const getJobStatus = (jobId: string) => adminCall(adminJobStatus, { jobId });

export const jobStatusQueryOptions = (jobId: string) =>
  queryOptions({
    queryKey: adminKey('job', jobId),
    queryFn: () => getJobStatus(jobId),
    refetchInterval: (query) => (query.state.data?.job.status === 'done' ? false : JOB_POLL_MS),
  });

export const useJobStatus = (jobId: string | undefined) =>
  useQuery({ ...jobStatusQueryOptions(jobId ?? ''), enabled: Boolean(jobId) });
