import { adminCancelPayment } from '../../shared/api/refunds.ts';
import { nowMs } from '../core/clock.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { quoteRefund, refundPlan } from '../core/refunds/refund-engine.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminCancelPayment, async (input, context) => {
  const operator = operatorOf(context);
  const quote = await quoteRefund({ uid: input.uid, requestedMs: nowMs(), chooser: 'operator' });
  return {
    result: await refundPlan(
      { ...input, requestedBy: operator.email, operator },
      quote,
      'at-most-refundable',
    ),
  };
});
