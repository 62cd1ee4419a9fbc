import { userRefundInfo } from '../../shared/api/refunds.ts';
import { defineHandler } from '../core/pipeline.ts';
import { userRefundInfo as refundInfo } from '../core/refunds/user-refund.ts';

export const handler = defineHandler(userRefundInfo, async (input) => ({
  result: await refundInfo(input.guid),
}));
