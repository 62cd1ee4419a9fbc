import { changePaymentSessionAccountType } from '../../shared/api/orders.ts';
import { changeSessionAccountType } from '../core/orders/session-edits.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(changePaymentSessionAccountType, async (input) => ({
  sessionInfo: await changeSessionAccountType(input.guid, input.accountType, input.isTest),
}));
