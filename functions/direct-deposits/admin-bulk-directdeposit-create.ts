import { adminBulkDirectDepositCreate } from '../../shared/api/direct-deposits.ts';
import { enqueueBulkDirectDeposit } from '../core/direct-deposits/bulk-direct-deposit.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminBulkDirectDepositCreate, (input, context) =>
  enqueueBulkDirectDeposit({ ...input, operator: operatorOf(context) }),
);
