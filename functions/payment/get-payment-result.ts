import { getPaymentResult } from '../../shared/api/orders.ts';
import { PaymentError } from '../core/errors.ts';
import { confirmOrder } from '../core/orders/confirmation.ts';
import { checkOrderClaims, orderOfSession } from '../core/orders/order-access.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(getPaymentResult, async (input) => {
  if (input.isUpgrade)
    throw new PaymentError('UPGRADE_NOT_ALLOWED', 'Upgrades are confirmed by the upgrade flow');
  const order = await orderOfSession(input.guid, input.merchantUid);
  checkOrderClaims(order, input);
  return { ...(await confirmOrder(order)), merchantUid: order.merchantUid };
});
