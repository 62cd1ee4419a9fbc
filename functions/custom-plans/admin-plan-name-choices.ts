import { adminPlanNameChoices } from '../../shared/api/custom-plans.ts';
import { listPlanNameChoices } from '../core/custom-plans/custom-plans.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminPlanNameChoices, async () => ({
  planNames: await listPlanNameChoices(),
}));
