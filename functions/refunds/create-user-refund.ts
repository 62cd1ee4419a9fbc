import { createUserRefund } from '../../shared/api/refunds.ts';
import { PaymentError } from '../core/errors.ts';
import { openRefundSession } from '../core/refunds/user-refund.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(createUserRefund, async (_input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  return { guid: await openRefundSession(caller.claims.uid) };
});
