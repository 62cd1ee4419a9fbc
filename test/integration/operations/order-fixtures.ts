import { getOrder, type PaymentOrder } from '../../../functions/core/data/order-reads.ts';
import { createOrder } from '../../../functions/core/data/order-repository.ts';
import { newMerchantUid } from '../../../shared/payments/merchant-uid.ts';
import { uniqueId } from '../helpers.ts';

/**
 * Orders written straight to the table, for tests that confirm them in this process (the provider's
 * receipt given, not looked up): what they buy and how, in won, for a new account unless `uid` is given.
 */
export type OrderKind = Pick<
  PaymentOrder,
  'paymentType' | 'period' | 'planName' | 'planType' | 'payMethod' | 'amount'
> &
  Partial<Pick<PaymentOrder, 'uid' | 'planId' | 'planExpiredAt' | 'renewalAttempt' | 'customerUid'>>;

export const ONE_YEAR_PASS = {
  paymentType: 'oneoff',
  planName: 'Y1_STANDARD_V3',
  planType: 'STANDARD',
  period: 'ONE_YEAR',
  amount: 238800,
} as const;

export const MONTHLY_LIGHT = {
  planName: 'MR_LIGHT_V3',
  planType: 'LIGHT',
  period: 'MONTHLY',
  amount: 9900,
} as const;

export async function testOrder(kind: OrderKind): Promise<PaymentOrder> {
  const merchantUid = newMerchantUid(kind.paymentType === 'renewal' ? 'renewal' : 'order');
  await createOrder({
    merchantUid,
    uid: uniqueId('buyer'),
    clientType: 'landing',
    language: 'ko',
    catalogue: 'default',
    currency: 'KRW',
    pg: 'html5_inicis',
    listPrice: kind.amount,
    finalPrice: kind.amount,
    isTest: false,
    userName: 'Test Buyer',
    userEmail: 'test-buyer@example.com',
    userPhone: '+821012345678',
    ...kind,
  });
  const order = await getOrder(merchantUid);
  if (!order) throw new Error('The order was not created');
  return order;
}

/** The provider's receipt of the order's payment, of `amount` (the order's unless another is paid). */
export const receiptOf = (order: PaymentOrder, amount = order.amount) => ({
  paidAt: Date.now(),
  amount,
  currency: 'KRW',
  impUid: `imp_${order.merchantUid}`,
});
