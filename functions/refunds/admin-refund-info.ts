import { adminRefundInfo } from '../../shared/api/refunds.ts';
import { estimateView, quoteRefund } from '../core/refunds/refund-engine.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminRefundInfo, async (input) => ({
  result: estimateView(await quoteRefund({ ...input, chooser: 'operator' })),
}));
