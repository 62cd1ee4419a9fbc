import { changePaymentSessionLanguage } from '../../shared/api/orders.ts';
import { changeSessionLanguage } from '../core/orders/session-edits.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(changePaymentSessionLanguage, async (input) => ({
  sessionInfo: await changeSessionLanguage(input.guid, input.language, input.isTest),
}));
