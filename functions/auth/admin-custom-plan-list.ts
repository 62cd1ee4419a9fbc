import { adminCustomPlanList } from '../../shared/api/admin-plans.ts';
import { defineHandler } from '../core/pipeline.ts';
import { listCustomPlans } from '../core/plans/custom-plans.ts';

export const handler = defineHandler(adminCustomPlanList, async () => ({ results: await listCustomPlans() }));
