import { getPaymentUsageEraserSessionInfo } from '../../shared/api/usage-eraser.ts';
import { usageEraserSessionInfo } from '../core/orders/usage-eraser.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(getPaymentUsageEraserSessionInfo, async (input) => ({
  sessionInfo: await usageEraserSessionInfo(input.guid, input.isTest),
}));
