import { userUsage } from '../../shared/api/usage.ts';
import { PaymentError } from '../core/errors.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { standingView, usageStanding } from '../core/usage/usage-standing.ts';

export const handler = defineHandler(userUsage, async (_input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  return { result: standingView(await usageStanding(caller.claims.uid)) };
});
