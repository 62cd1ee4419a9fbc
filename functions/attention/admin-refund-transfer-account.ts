import { adminRefundTransferAccount } from '../../shared/api/attention.ts';
import { transferAccount } from '../core/refunds/refund-transfers.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminRefundTransferAccount, async (input) => ({
  result: await transferAccount(input.caseId),
}));
