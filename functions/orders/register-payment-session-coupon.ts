import { registerPaymentSessionCoupon } from '../../shared/api/orders.ts';
import { registerSessionCoupon } from '../core/orders/session-edits.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(registerPaymentSessionCoupon, async (input) => ({
  sessionInfo: await registerSessionCoupon(input.guid, input.code, input.planName, input.isTest),
}));
