import { adminSchedulePlanChange } from '../../shared/api/plan-change.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { schedulePlanChange } from '../core/plan-change/plan-change.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminSchedulePlanChange, async (input, context) => {
  const { view, changed } = await schedulePlanChange(input.uid, input.planName, {
    kind: 'operator',
    operator: operatorOf(context),
  });
  return { result: view, changed };
});
