import { userBilling } from '../../shared/api/billing.ts';
import { billingSummary } from '../core/billing/billing-summary.ts';
import { PaymentError } from '../core/errors.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(userBilling, async (_input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  return { result: await billingSummary(caller.claims.uid) };
});
