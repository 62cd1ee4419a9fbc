import { adminCustomPlanList } from '../../shared/api/custom-plans.ts';
import { listCustomPlans } from '../core/custom-plans/custom-plans.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminCustomPlanList, async () => ({ results: await listCustomPlans() }));
