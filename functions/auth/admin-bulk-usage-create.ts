import { adminBulkUsageCreate } from '../../shared/api/admin-bulk-usage.ts';
import { operatorOf } from '../core/admin/operator.ts';
import { defineHandler } from '../core/pipeline.ts';
import { enqueueBulkUsageGrant } from '../core/usage/bulk-usage-grant.ts';

export const handler = defineHandler(adminBulkUsageCreate, (input, context) =>
  enqueueBulkUsageGrant({ ...input, operator: operatorOf(context) }),
);
