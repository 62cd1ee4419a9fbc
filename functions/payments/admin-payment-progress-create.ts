import { adminPaymentProgressCreate } from '../../shared/api/payments.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { createPaymentProgress } from '../core/payments/payment-progress.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminPaymentProgressCreate, async (input, context) => ({
  result: await createPaymentProgress({ ...input, operator: operatorOf(context) }),
}));
