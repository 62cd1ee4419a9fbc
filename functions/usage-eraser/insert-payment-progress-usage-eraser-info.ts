import { insertPaymentProgressUsageEraserInfo } from '../../shared/api/usage-eraser.ts';
import { defineHandler } from '../core/pipeline.ts';
import { insertUsageEraserProgress } from '../core/usage-eraser/usage-eraser.ts';

export const handler = defineHandler(insertPaymentProgressUsageEraserInfo, async (input) =>
  insertUsageEraserProgress(input),
);
