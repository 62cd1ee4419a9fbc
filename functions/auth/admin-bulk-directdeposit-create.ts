import { adminBulkDirectDepositCreate } from '../../shared/api/admin-direct-deposits.ts';
import { operatorOf } from '../core/admin/operator.ts';
import { enqueueBulkDirectDeposit } from '../core/orders/bulk-direct-deposit.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminBulkDirectDepositCreate, (input, context) =>
  enqueueBulkDirectDeposit({ ...input, operator: operatorOf(context) }),
);
