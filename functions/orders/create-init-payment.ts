import { createInitPayment } from '../../shared/api/orders.ts';
import { openChangeCardSession } from '../core/change-card/change-card.ts';
import { callerAccount } from '../core/orders/order-access.ts';
import { openPaymentSession } from '../core/orders/session-store.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(createInitPayment, async (input, { caller }) => {
  const uid = callerAccount(caller, input.uid);
  return input.isChangeCard
    ? openChangeCardSession({ ...input, uid })
    : openPaymentSession({ ...input, uid });
});
