import { DIRECT_DEPOSIT_PG } from '../direct-deposits/direct-deposit.ts';
import { PRODUCT_REFUND_SOURCE, type RefundSource } from './refund-session.ts';

/**
 * Where a payment's money can go back: its own way (the provider, or the wallet) or, at an operator's
 * choice, to the product account. A direct deposit was paid outside the provider: the product account
 * is its own way and its only one (issue 19, defect 1).
 */
export function refundSourceOf(payment: { walletPaymentId?: string | undefined; pg: string }): RefundSource {
  if (payment.pg === DIRECT_DEPOSIT_PG) return PRODUCT_REFUND_SOURCE;
  return payment.walletPaymentId ? 'naver_pay' : 'portone';
}

/** The sources an operator may choose for a payment refunded through `own`, its own first. */
export function refundSourceChoices(own: RefundSource): RefundSource[] {
  return own === PRODUCT_REFUND_SOURCE ? [PRODUCT_REFUND_SOURCE] : [own, PRODUCT_REFUND_SOURCE];
}
