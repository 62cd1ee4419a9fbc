import { DIRECT_DEPOSIT_PG } from '../direct-deposits/direct-deposit.ts';
import { PRODUCT_REFUND_SOURCE, type RefundSource } from './refund-session.ts';

/**
 * A payment's own way back: the provider, or the wallet; a direct deposit was paid outside the provider,
 * so the product account is its own way (issue 19, defect 1). Which ways a refund may take, and when the
 * own way is closed, is the decision of refund-ways.ts.
 */
export function refundSourceOf(payment: { walletPaymentId?: string | undefined; pg: string }): RefundSource {
  if (payment.pg === DIRECT_DEPOSIT_PG) return PRODUCT_REFUND_SOURCE;
  return payment.walletPaymentId ? 'naver_pay' : 'portone';
}
