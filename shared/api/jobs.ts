import * as z from 'zod';
import { defineRoute } from './define-route.ts';

/** A bulk job as the console's progress view polls it (bulk user create, survey targets, later bulks). */
export const BulkJobSchema = z.object({
  jobId: z.string(),
  kind: z.string(),
  total: z.number(),
  succeeded: z.number(),
  failed: z.number(),
  status: z.enum(['queued', 'done']),
  createdAt: z.number(),
});
export type BulkJob = z.infer<typeof BulkJobSchema>;

export const BulkFailureSchema = z.object({ item: z.string(), reason: z.string() });
export type BulkFailure = z.infer<typeof BulkFailureSchema>;

export const adminJobStatus = defineRoute({
  name: 'adminJobStatus',
  service: 'auth',
  method: 'GET',
  path: '/admin-job/{jobId}',
  caller: 'admin',
  role: 'viewer',
  summary:
    "A bulk job's progress (its counters), and once it is done its failures: the uid, e-mail or id of " +
    'each failed item and the reason',
  request: z.object({ jobId: z.string().min(1).max(64) }),
  response: z.object({ job: BulkJobSchema, fails: z.array(BulkFailureSchema) }),
  handler: 'jobs/admin-job-status',
  grants: ['table:read'],
});

export const jobRoutes = [adminJobStatus] as const;
