import { insertPaymentProgressUsageEraserInfo } from '../../shared/api/usage-eraser.ts';
import { insertUsageEraserProgress } from '../core/orders/usage-eraser.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(insertPaymentProgressUsageEraserInfo, async (input) =>
  insertUsageEraserProgress(input),
);
