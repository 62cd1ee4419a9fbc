import { createInitUsageEraser } from '../../shared/api/usage-eraser.ts';
import { callerAccount } from '../core/orders/order-access.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { openUsageEraserSession } from '../core/usage-eraser/usage-eraser.ts';

export const handler = defineHandler(createInitUsageEraser, async (input, { caller }) =>
  openUsageEraserSession({ ...input, uid: callerAccount(caller, input.uid) }),
);
