import { adminCustomPlanCreate } from '../../shared/api/admin-plans.ts';
import { operatorOf } from '../core/admin/operator.ts';
import { defineHandler } from '../core/pipeline.ts';
import { createCustomPlanByOperator } from '../core/plans/custom-plans.ts';

export const handler = defineHandler(adminCustomPlanCreate, async ({ planInfo, desc }, context) => ({
  result: await createCustomPlanByOperator(planInfo, { operator: operatorOf(context), desc }),
}));
