import { tableService } from './client.ts';
import { PaymentOrder as PaymentOrderEntity, type PaymentOrderItem } from './entities/payment-order.ts';

/**
 * Orders read by their merchantUid or their account. Apart from order-repository.ts, whose writes join
 * coupons, attention cases and activities in their transactions, so that a route that only looks at an
 * order bundles none of those (issue 18, cold start).
 */
const db = tableService({ paymentOrder: PaymentOrderEntity });

export type PaymentOrder = PaymentOrderItem;

/**
 * An order, strongly consistent: confirmations read it again to settle on what a concurrent one has
 * just written (confirmation.ts), where an eventually consistent read may still show it open.
 */
export async function getOrder(merchantUid: string): Promise<PaymentOrder | undefined> {
  const { data } = await db().entities.paymentOrder.get({ merchantUid }).go({ consistent: true });
  return data ?? undefined;
}

/** A user's orders in creation order (the console's payment progress). */
export async function listOrdersByUser(uid: string): Promise<PaymentOrder[]> {
  const { data } = await db().entities.paymentOrder.query.byUser({ uid }).go({ pages: 'all' });
  return data;
}
