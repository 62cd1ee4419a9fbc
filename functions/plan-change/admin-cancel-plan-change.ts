import { adminCancelPlanChange } from '../../shared/api/plan-change.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { cancelPlanChange } from '../core/plan-change/plan-change.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminCancelPlanChange, async (input, context) => {
  const { view, changed } = await cancelPlanChange(input.uid, {
    kind: 'operator',
    operator: operatorOf(context),
  });
  return { result: view, changed };
});
