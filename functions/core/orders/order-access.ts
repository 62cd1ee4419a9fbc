import { type Currency, toMinorUnits } from '../../../shared/currency.ts';
import { getOrder, type PaymentOrder } from '../data/order-reads.ts';
import { PaymentError } from '../errors.ts';
import type { Caller } from '../pipeline.ts';

/**
 * The order a result page asks about: it must exist and belong to the session whose guid the caller
 * holds (NO_PAYMENT_PROGRESS otherwise: a guid never learns about another session's orders).
 */
export async function orderOfSession(guid: string, merchantUid: string): Promise<PaymentOrder> {
  const order = await getOrder(merchantUid);
  if (!order || order.guid !== guid) {
    throw new PaymentError('NO_PAYMENT_PROGRESS', 'No such order in this payment session');
  }
  return order;
}

/**
 * The browser repeats what it stored when it created the order (price, test mode, coupon); each one it
 * sends must be what the order recorded, else INCONSISTENCY (a mixed-up tab, or a tampered page).
 */
export function checkOrderClaims(
  order: PaymentOrder,
  claims: { price?: number | undefined; isTest?: boolean | undefined; couponCode?: string | undefined },
): void {
  const samePrice = (price: number) => {
    try {
      return (
        toMinorUnits(price, order.currency as Currency) === toMinorUnits(order.finalPrice, order.currency)
      );
    } catch {
      return false;
    }
  };
  if (
    (claims.price !== undefined && !samePrice(claims.price)) ||
    (claims.isTest !== undefined && claims.isTest !== order.isTest) ||
    (claims.couponCode !== undefined && (claims.couponCode || undefined) !== order.couponCode)
  ) {
    throw new PaymentError('INCONSISTENCY', 'The request does not match the order');
  }
}

/**
 * The account a session-opening call is for: the signed-in caller's. A uid in the body (the
 * specification's field) may only repeat it.
 */
export function callerAccount(caller: Caller, uid: string | undefined): string {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  if (uid && uid !== caller.claims.uid) {
    throw new PaymentError('AUTHORIZATION', 'The uid is not the signed-in account');
  }
  return caller.claims.uid;
}
