import { getPayment } from '../adapters/payment-provider/portone.ts';
import { getOrder } from '../data/order-reads.ts';
import { logger } from '../logger.ts';
import { countMetric } from '../observability.ts';
import { confirmOrder } from './confirmation.ts';

export type NotificationResult = 'confirmed' | 'pending' | 'failed' | 'ignored';

/**
 * The provider's notification. Its body is a hint, never evidence: the payment is read back from the
 * provider by its id, and only an order of ours named by the provider's own record is confirmed. What
 * is not ours (a billing key issued alone, under its own merchant_uid; an unknown id) is acknowledged;
 * a provider that cannot be reached answers an error, so the provider retries later.
 */
export async function receivePaymentNotification(notice: {
  imp_uid: string;
  merchant_uid: string;
}): Promise<NotificationResult> {
  countMetric('webhookReceived');
  const payment = await getPayment(notice.imp_uid);
  if (!payment || payment.merchantUid !== notice.merchant_uid) return 'ignored';
  const order = await getOrder(payment.merchantUid);
  if (!order) return 'ignored';
  const confirmation = await confirmOrder(order, payment);
  logger.info('Payment notification', { merchantUid: order.merchantUid, result: confirmation.result });
  if (confirmation.result === 'success') return 'confirmed';
  return confirmation.result === 'pending' ? 'pending' : 'failed';
}
