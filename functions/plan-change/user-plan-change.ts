import { userPlanChange } from '../../shared/api/plan-change.ts';
import { PaymentError } from '../core/errors.ts';
import { planChangeOf } from '../core/plan-change/plan-change.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(userPlanChange, async (_input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  return { result: await planChangeOf(caller.claims.uid) };
});
