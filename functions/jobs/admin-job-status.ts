import { adminJobStatus } from '../../shared/api/jobs.ts';
import { jobStatus } from '../core/jobs/job-status.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminJobStatus, ({ jobId }) => jobStatus(jobId));
