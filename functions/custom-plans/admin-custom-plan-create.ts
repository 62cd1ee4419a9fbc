import { adminCustomPlanCreate } from '../../shared/api/custom-plans.ts';
import { createCustomPlanByOperator } from '../core/custom-plans/custom-plans.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminCustomPlanCreate, async ({ planInfo, desc }, context) => ({
  result: await createCustomPlanByOperator(planInfo, { operator: operatorOf(context), desc }),
}));
