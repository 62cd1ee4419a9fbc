import { adminPaymentProgressList } from '../../shared/api/payments.ts';
import { listPaymentProgress } from '../core/payments/payment-progress.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';

export const handler = defineHandler(adminPaymentProgressList, async ({ uid }) => ({
  result: await listPaymentProgress(uid),
}));
