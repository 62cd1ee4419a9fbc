import { createBillingKeyPayment } from '../../shared/api/orders.ts';
import { createBillingKeyPayment as chargeFirstPayment } from '../core/orders/billing-key-payment.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(createBillingKeyPayment, async (input) => ({
  ...(await chargeFirstPayment(input)),
  merchantUid: input.merchantUid,
}));
