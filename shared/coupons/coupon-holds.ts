import { COUPON_HOLD_MS } from '../orders/order-rules.ts';

/**
 * A coupon taken by an order is held for it until the order is paid (the hold becomes the usage
 * record) or fails (the coupon is given back), docs/orders.md. These are the holds' times; the
 * repository's conditional writes keep the count.
 */

/** Until when an order holds its coupon: a virtual account's until its due date, any other order an hour. */
export function couponHeldUntil(orderedAtMs: number, vbankDueAtMs: number | undefined): number {
  return vbankDueAtMs ?? orderedAtMs + COUPON_HOLD_MS;
}

/** Whether a redemption is a hold whose time has run out: it is given back when someone needs the coupon. */
export function holdLapsed(
  redemption: { status: 'held' | 'used'; heldUntil: number },
  nowMs: number,
): boolean {
  return redemption.status === 'held' && redemption.heldUntil < nowMs;
}
