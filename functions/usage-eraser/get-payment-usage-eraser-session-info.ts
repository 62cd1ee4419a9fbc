import { getPaymentUsageEraserSessionInfo } from '../../shared/api/usage-eraser.ts';
import { defineHandler } from '../core/pipeline.ts';
import { usageEraserSessionInfo } from '../core/usage-eraser/usage-eraser.ts';

export const handler = defineHandler(getPaymentUsageEraserSessionInfo, async (input) => ({
  sessionInfo: await usageEraserSessionInfo(input.guid, input.isTest),
}));
