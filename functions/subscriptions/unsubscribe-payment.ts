import { unsubscribePayment } from '../../shared/api/subscriptions.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { unsubscribePlan } from '../core/subscriptions/subscription-status.ts';

export const handler = defineHandler(unsubscribePayment, async (input, context) => {
  const plan = await unsubscribePlan({ ...input, operator: operatorOf(context) });
  return { result: { planName: plan.planName, planStatus: plan.planStatus, expiredAt: plan.expiredAt } };
});
