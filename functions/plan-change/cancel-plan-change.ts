import { cancelPlanChange } from '../../shared/api/plan-change.ts';
import { PaymentError } from '../core/errors.ts';
import { cancelPlanChange as cancel } from '../core/plan-change/plan-change.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(cancelPlanChange, async (_input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  const { view, changed } = await cancel(caller.claims.uid, { kind: 'customer' });
  return { result: view, changed };
});
