import { randomUUID } from 'node:crypto';
import { adminCancelPayment } from '../../shared/api/refunds.ts';
import { nowMs } from '../core/clock.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { finishRefund, quoteRefund, refundPlan, startedRefundOf } from '../core/refunds/refund-engine.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminCancelPayment, async (input, context) => {
  const operator = operatorOf(context);
  const { requestId, ...request } = input;
  const requestKey = `console:${requestId ?? randomUUID()}`;
  const started = requestId ? await startedRefundOf(requestKey) : undefined;
  if (started) return { result: await finishRefund(started) };
  const quote = await quoteRefund({ uid: input.uid, requestedMs: nowMs(), chooser: 'operator' });
  return {
    result: await refundPlan(
      { ...request, requestedBy: operator.email, operator, requestKey },
      quote,
      'at-most-refundable',
    ),
  };
});
