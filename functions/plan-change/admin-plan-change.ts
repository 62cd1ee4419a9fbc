import { adminPlanChange } from '../../shared/api/plan-change.ts';
import { planChangeOf } from '../core/plan-change/plan-change.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminPlanChange, async (input) => ({
  result: await planChangeOf(input.uid),
}));
