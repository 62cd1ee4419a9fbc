import { removePaymentSessionCoupon } from '../../shared/api/orders.ts';
import { removeSessionCoupon } from '../core/orders/session-edits.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(removePaymentSessionCoupon, async (input) => ({
  sessionInfo: await removeSessionCoupon(input.guid, input.isTest),
}));
