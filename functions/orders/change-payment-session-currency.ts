import { changePaymentSessionCurrency } from '../../shared/api/orders.ts';
import { changeSessionCurrency } from '../core/orders/session-edits.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(changePaymentSessionCurrency, async (input) => ({
  sessionInfo: await changeSessionCurrency(input.guid, input.currency, input.isTest),
}));
