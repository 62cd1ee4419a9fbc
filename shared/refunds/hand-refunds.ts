/**
 * How an operator paid a refund returned by hand outside the provider (shared/refunds/refund-ways.ts
 * BY_HAND: a payment in another currency than won), said when the refund's case on the attention page is
 * marked paid, beside the reference of that payment; `other` is said in the operator's note.
 */
export const HAND_REFUND_MEANS = ['bank_transfer', 'paypal', 'other'] as const;
export type HandRefundMeans = (typeof HAND_REFUND_MEANS)[number];
