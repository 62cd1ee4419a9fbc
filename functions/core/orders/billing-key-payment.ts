import { billingKeyCheckoutUid } from '../../../shared/orders/order-rules.ts';
import { KEY_ISSUED_WITH_PAYMENT_PGS } from '../../../shared/payments/pay-methods.ts';
import { findPaymentByMerchantUid } from '../adapters/payment-provider/portone.ts';
import { getOrder, type PaymentOrder } from '../data/order-reads.ts';
import { claimOrderForCharge } from '../data/order-repository.ts';
import { PaymentError } from '../errors.ts';
import { chargeClaimed, reconcileOrder } from './charges.ts';
import { type Confirmation, failOrder, orderResult } from './confirmation.ts';
import { checkOrderClaims, orderOfSession } from './order-access.ts';

/**
 * A subscription's first payment on the billing key its checkout issued, or an upgrade on the key of the
 * plan it replaces (create-billing-key-payment).
 * One caller claims the order (created -> charging) and charges; any other caller, concurrent or
 * repeated, only reconciles the order with what the provider has for it (charges.ts). The provider
 * itself refuses a second payment of one merchant_uid, a second guard against a double charge.
 */
export type BillingKeyResult =
  | { result: 'success' }
  | { result: 'pending' }
  | { result: 'failed' | 'error'; errorType: string; errorMsg: string; failureCode?: string };

function asBillingKeyResult(confirmation: Confirmation): BillingKeyResult {
  if (confirmation.result !== 'error') return confirmation;
  // A card the company refused is 'failed'; everything else is an error.
  return { ...confirmation, result: confirmation.failureCode ? 'failed' : 'error' };
}

/**
 * The checkout that was to issue a subscription's key, when it failed (declined, abandoned): the
 * result page asks for the charge whatever the checkout's return said (not every channel says), so the
 * provider's record of that checkout is the order's failure, with its own code and words.
 */
async function failedKeyCheckout(order: PaymentOrder): Promise<Confirmation | undefined> {
  const checkout = await findPaymentByMerchantUid(billingKeyCheckoutUid(order.merchantUid));
  if (checkout?.status !== 'failed') return undefined;
  return failOrder(order, checkout.failure ?? { message: 'The card was not registered' }, 'PORTONE_FAILED');
}

export async function createBillingKeyPayment(request: {
  guid: string;
  merchantUid: string;
  customerUid: string;
  isUpgrade?: boolean | undefined;
  price?: number | undefined;
  isTest?: boolean | undefined;
  couponCode?: string | undefined;
}): Promise<BillingKeyResult> {
  const order = await orderOfSession(request.guid, request.merchantUid);
  if (Boolean(request.isUpgrade) !== (order.paymentType === 'upgrade')) {
    throw new PaymentError('UPGRADE_NOT_ALLOWED', 'The claim of an upgrade does not match the order');
  }
  // A subscription's first payment, or an upgrade charged on the billing key of the plan it replaces.
  if ((order.paymentType !== 'regular' && order.paymentType !== 'upgrade') || !order.customerUid) {
    throw new PaymentError('INVALID_ARGUMENT', 'The order is not a subscription paid by billing key');
  }
  if (request.customerUid !== order.customerUid) {
    throw new PaymentError('INCONSISTENCY', 'The billing key is not the order’s');
  }
  checkOrderClaims(order, request);
  // Its checkout took the first payment with the key (Paymentwall): nothing is left to charge.
  const paidAtCheckout = order.paymentType === 'regular' && KEY_ISSUED_WITH_PAYMENT_PGS.includes(order.pg);
  if (order.status !== 'created' || paidAtCheckout) return asBillingKeyResult(await reconcileOrder(order));
  if (order.paymentType === 'regular') {
    const failed = await failedKeyCheckout(order);
    if (failed) return asBillingKeyResult(failed);
  }
  const claimed = await claimOrderForCharge(order.merchantUid);
  if (!claimed) {
    const current = await getOrder(order.merchantUid);
    return asBillingKeyResult(current ? await reconcileOrder(current) : orderResult(order));
  }
  return asBillingKeyResult(await chargeClaimed(claimed));
}
