import * as z from 'zod';
import { bulkUsageGrantRule } from '../usage/usage-grant-rules.ts';
import { defineRoute } from './define-route.ts';

/**
 * The console's bulk usage grant (admin-console.md sections 2, 5, 7 and 9): the single grant's amounts
 * and desc for a list of uids or e-mails, a job queued in batches of 300 that the console follows with
 * admin-job/{jobId}.
 */
export const adminBulkUsageCreate = defineRoute({
  name: 'adminBulkUsageCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-bulk-usage-create',
  caller: 'admin',
  summary:
    'Record a bulk usage-grant job over uids or e-mails and queue them in batches of 300; each account ' +
    'gets the grant once (keyed by job and item), an unknown account is listed with its reason',
  request: bulkUsageGrantRule,
  response: z.object({ jobId: z.string(), total: z.number() }),
  handler: 'auth/admin-bulk-usage-create',
  grants: ['table:read', 'table:write', 'queue:bulk'],
});

export const adminBulkUsageRoutes = [adminBulkUsageCreate] as const;
