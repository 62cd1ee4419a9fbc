import * as z from 'zod';
import { bulkDirectDepositRule, directDepositRule } from '../direct-deposits/direct-deposit.ts';
import { defineRoute } from './define-route.ts';

/**
 * The console's direct deposits (admin-console.md sections 2 and 7): one account's, and a bulk job over
 * a list of uids or e-mails whose items travel in batches of 300 (shared/jobs/queues.ts); the console
 * follows the job with admin-job/{jobId}.
 */
export const DirectDepositResultSchema = z.object({
  merchantUid: z.string(),
  planName: z.string(),
  paidAt: z.number(),
  expiredAt: z.number(),
  /** The deposit id had been granted before (a resent request): nothing new was granted. */
  alreadyGranted: z.boolean(),
});

export const adminDirectDepositCreate = defineRoute({
  name: 'adminDirectDepositCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-direct-deposit-create',
  caller: 'admin',
  role: 'finance',
  summary:
    'Grant a plan paid outside the payment provider: a fixed-term plan, a payment with the direct-deposit ' +
    'customer id and the activity, once per deposit id; refused (conflict) while the account holds a plan',
  request: directDepositRule,
  response: z.object({ result: DirectDepositResultSchema }),
  handler: 'direct-deposits/admin-direct-deposit-create',
  grants: ['table:read', 'table:write'],
});

export const adminBulkDirectDepositCreate = defineRoute({
  name: 'adminBulkDirectDepositCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-bulk-directdeposit-create',
  caller: 'admin',
  role: 'admin',
  summary:
    'Record a bulk direct-deposit job over uids or e-mails and queue them in batches of 300; each account ' +
    'is granted the plan alone, a refusal (unknown account, a running plan) is its reason in the failures',
  request: bulkDirectDepositRule,
  response: z.object({ jobId: z.string(), total: z.number() }),
  handler: 'direct-deposits/admin-bulk-directdeposit-create',
  grants: ['table:read', 'table:write', 'queue:bulk'],
});

export const directDepositRoutes = [adminDirectDepositCreate, adminBulkDirectDepositCreate] as const;
