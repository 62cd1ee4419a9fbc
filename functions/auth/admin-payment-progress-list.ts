import { adminPaymentProgressList } from '../../shared/api/admin-payments.ts';
import { listPaymentProgress } from '../core/admin/payment-progress.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(adminPaymentProgressList, async ({ uid }) => ({
  result: await listPaymentProgress(uid),
}));
