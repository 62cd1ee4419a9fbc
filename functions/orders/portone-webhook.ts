import { portoneWebhook } from '../../shared/api/orders.ts';
import { receivePaymentNotification } from '../core/orders/payment-notification.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(portoneWebhook, async (input) => ({
  result: await receivePaymentNotification(input),
}));
