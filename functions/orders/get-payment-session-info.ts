import { getPaymentSessionInfo } from '../../shared/api/orders.ts';
import { sessionInfoOf } from '../core/orders/session-pricing.ts';
import { readSession } from '../core/orders/session-store.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(getPaymentSessionInfo, async (input) => ({
  sessionInfo: sessionInfoOf(await readSession(input.guid, 'open', ['order', 'upgrade']), input.isTest),
}));
