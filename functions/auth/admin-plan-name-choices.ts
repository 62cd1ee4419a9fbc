import { adminPlanNameChoices } from '../../shared/api/admin-plans.ts';
import { defineHandler } from '../core/pipeline.ts';
import { listPlanNameChoices } from '../core/plans/custom-plans.ts';

export const handler = defineHandler(adminPlanNameChoices, async () => ({
  planNames: await listPlanNameChoices(),
}));
