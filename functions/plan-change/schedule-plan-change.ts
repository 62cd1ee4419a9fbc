import { schedulePlanChange } from '../../shared/api/plan-change.ts';
import { PaymentError } from '../core/errors.ts';
import { schedulePlanChange as schedule } from '../core/plan-change/plan-change.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(schedulePlanChange, async (input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  const { view, changed } = await schedule(caller.claims.uid, input.planName, { kind: 'customer' });
  return { result: view, changed };
});
