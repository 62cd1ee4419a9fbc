import { createInitPayment } from '../../shared/api/orders.ts';
import { PaymentError } from '../core/errors.ts';
import { openChangeCardSession } from '../core/orders/change-card.ts';
import { openPaymentSession } from '../core/orders/sessions.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(createInitPayment, async (input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  // The account is the token's; a uid in the body may only repeat it.
  if (input.uid && input.uid !== caller.claims.uid) {
    throw new PaymentError('AUTHORIZATION', 'The uid is not the signed-in account');
  }
  const uid = caller.claims.uid;
  return input.isChangeCard
    ? openChangeCardSession({ ...input, uid })
    : openPaymentSession({ ...input, uid });
});
