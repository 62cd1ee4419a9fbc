import { adminBulkUsageCreate } from '../../shared/api/usage.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { staffOf } from '../core/staff/staff-gate.ts';
import { checkBulkGrantSize } from '../core/staff/support-bulk-bound.ts';
import { enqueueBulkUsageGrant } from '../core/usage/bulk-usage-grant.ts';

export const handler = defineHandler(adminBulkUsageCreate, async (input, context) => {
  await checkBulkGrantSize(staffOf(context), input.uidOrEmails.length);
  return enqueueBulkUsageGrant({ ...input, operator: operatorOf(context) });
});
