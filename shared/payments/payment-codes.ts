import { DIRECT_DEPOSIT_PAYMENT_TYPES } from '../direct-deposits/direct-deposit.ts';

/**
 * The codes the payment records hold, declared once: the table's entities take their attribute types
 * from here, and the web names each code by its label (web/src/lib/labels/, a test per code and
 * language). They are data, never shown as they are.
 */

/**
 * What an order buys (PaymentOrder.paymentType): a fixed-term pass (oneoff), a subscription's first
 * payment (regular), its renewal, an upgrade, a usage eraser.
 */
export const ORDER_PAYMENT_TYPES = ['oneoff', 'regular', 'renewal', 'upgrade', 'eraser'] as const;
export type OrderPaymentType = (typeof ORDER_PAYMENT_TYPES)[number];

/** Every Payment.paymentType: an order's, or a direct deposit's (event, plan). */
export const PAYMENT_TYPES = [...ORDER_PAYMENT_TYPES, ...DIRECT_DEPOSIT_PAYMENT_TYPES] as const;

/** A merchant order's states (functions/core/data/entities/payment-order.ts says how it moves). */
export const ORDER_STATUSES = [
  'created',
  'charging',
  'vbank_issued',
  'paid',
  'failed',
  'refunded',
  'refund_required',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** A payment's state as refunds leave it. */
export const PAYMENT_STATUSES = ['paid', 'cancelled', 'partial_cancelled'] as const;

/**
 * A plan's state: PAID, a subscription that renews; UNSCHEDULED, nothing scheduled (a fixed-term pass, or
 * a subscription whose renewal was cancelled); HOLD, suspended (a renewal could not be charged).
 */
export const PLAN_STATUSES = ['PAID', 'UNSCHEDULED', 'HOLD'] as const;
export type PlanStatus = (typeof PLAN_STATUSES)[number];

/** How a payment session was opened: by the customer (init), or by an operator's order link. */
export const PAYMENT_SESSION_STATUSES = ['init', 'init_custom', 'init_custom_upgrade'] as const;
