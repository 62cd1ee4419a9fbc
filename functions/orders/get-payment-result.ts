import { getPaymentResult } from '../../shared/api/orders.ts';
import { PaymentError } from '../core/errors.ts';
import { reconcileOrder } from '../core/orders/charges.ts';
import { checkOrderClaims, orderOfSession } from '../core/orders/order-access.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(getPaymentResult, async (input) => {
  const order = await orderOfSession(input.guid, input.merchantUid);
  if (input.isUpgrade !== undefined && input.isUpgrade !== (order.paymentType === 'upgrade'))
    throw new PaymentError('UPGRADE_NOT_ALLOWED', 'The claim of an upgrade does not match the order');
  checkOrderClaims(order, input);
  return { ...(await reconcileOrder(order)), merchantUid: order.merchantUid };
});
