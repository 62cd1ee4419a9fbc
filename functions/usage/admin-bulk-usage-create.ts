import { adminBulkUsageCreate } from '../../shared/api/usage.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { enqueueBulkUsageGrant } from '../core/usage/bulk-usage-grant.ts';

export const handler = defineHandler(adminBulkUsageCreate, (input, context) =>
  enqueueBulkUsageGrant({ ...input, operator: operatorOf(context) }),
);
