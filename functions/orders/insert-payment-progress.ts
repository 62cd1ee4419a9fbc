import { insertPaymentProgress } from '../../shared/api/orders.ts';
import { insertPaymentProgress as createMerchantOrder } from '../core/orders/progress.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(insertPaymentProgress, async (input, { sourceIp }) =>
  createMerchantOrder({ ...input, buyerIp: sourceIp }),
);
