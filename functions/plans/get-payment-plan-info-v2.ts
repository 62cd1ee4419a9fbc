import { getPaymentPlanInfoV2 } from '../../shared/api/plans.ts';
import { defineHandler } from '../core/pipeline.ts';
import { planInfoFor } from '../core/plans/plan-info.ts';

export const handler = defineHandler(getPaymentPlanInfoV2, async (input) => ({
  result: 'success' as const,
  ...(await planInfoFor(input)),
}));
