import { getPaymentSessionInfo } from '../../shared/api/orders.ts';
import { readSession, sessionInfoOf } from '../core/orders/sessions.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(getPaymentSessionInfo, async (input) => ({
  sessionInfo: sessionInfoOf(await readSession(input.guid, 'open', ['order', 'upgrade']), input.isTest),
}));
