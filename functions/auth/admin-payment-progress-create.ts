import { adminPaymentProgressCreate } from '../../shared/api/admin-payments.ts';
import { operatorOf } from '../core/admin/operator.ts';
import { createPaymentProgress } from '../core/admin/payment-progress.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminPaymentProgressCreate, async (input, context) => ({
  result: await createPaymentProgress({ ...input, operator: operatorOf(context) }),
}));
