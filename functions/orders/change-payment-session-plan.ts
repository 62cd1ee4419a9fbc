import { changePaymentSessionPlan } from '../../shared/api/orders.ts';
import { changeSessionPlan } from '../core/orders/session-edits.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(changePaymentSessionPlan, async (input) => ({
  sessionInfo: await changeSessionPlan(input.guid, input.planName, input.isTest),
}));
