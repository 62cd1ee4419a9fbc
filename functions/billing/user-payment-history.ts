import { BILLING_HISTORY_PAGE, userPaymentHistory } from '../../shared/api/billing.ts';
import { paymentHistory } from '../core/billing/billing-summary.ts';
import { PaymentError } from '../core/errors.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(userPaymentHistory, async (input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  return paymentHistory(caller.claims.uid, input.cursor, BILLING_HISTORY_PAGE);
});
