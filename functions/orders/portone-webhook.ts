import { portoneWebhook } from '../../shared/api/orders.ts';
import { getPayment } from '../core/adapters/payment-provider/portone.ts';
import { getOrder } from '../core/data/order-repository.ts';
import { logger } from '../core/logger.ts';
import { confirmOrder } from '../core/orders/confirmation.ts';
import { defineHandler } from '../core/pipeline.ts';

/**
 * The provider's notification. Its body is a hint, never evidence: the payment is read back from the
 * provider by its id, and only an order of ours named by the provider's own record is confirmed. What
 * is not ours (a billing key issued alone, under its own merchant_uid; an unknown id) is acknowledged;
 * a provider that cannot be reached answers an error, so the provider retries later.
 */
export const handler = defineHandler(portoneWebhook, async (input) => {
  const payment = await getPayment(input.imp_uid);
  if (!payment || payment.merchantUid !== input.merchant_uid) return { result: 'ignored' as const };
  const order = await getOrder(payment.merchantUid);
  if (!order) return { result: 'ignored' as const };
  const confirmation = await confirmOrder(order, payment);
  logger.info('Payment notification', { merchantUid: order.merchantUid, result: confirmation.result });
  return {
    result:
      confirmation.result === 'success'
        ? ('confirmed' as const)
        : confirmation.result === 'pending'
          ? ('pending' as const)
          : ('failed' as const),
  };
});
