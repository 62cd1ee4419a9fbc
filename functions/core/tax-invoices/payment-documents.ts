import type { CashReceiptView } from '../../../shared/cash-receipts/cash-receipt-rules.ts';
import { issueOrderCashReceipt } from '../cash-receipts/cash-receipts.ts';
import type { PaymentOrder } from '../data/order-reads.ts';
import { getTaxInvoiceProfile } from '../data/tax-invoice-repository.ts';
import { getPayment } from '../data/user-plan-repository.ts';
import { logger } from '../logger.ts';
import { recordInvoiceRequest } from './tax-invoices.ts';

/**
 * The documents a granted order owes, right after its grant and before its receipt mail: the cash
 * receipt of a cash payment (issued through the provider), then, for a business account, the invoice
 * request (served already by a card slip or the cash receipt). Idempotent, keyed by the merchantUid: a
 * repeated confirmation of a paid order finishes what a run that died left undone. Never fails the
 * payment: a failure is logged, and the next confirmation of the order takes the step again.
 */
export async function issuePaymentDocuments(
  order: PaymentOrder,
  paid: { paidAt: number; amount: number; impUid?: string | undefined },
): Promise<CashReceiptView | undefined> {
  try {
    const profile = await getTaxInvoiceProfile(order.uid);
    const cashReceipt = await issueOrderCashReceipt(order, paid, Boolean(profile));
    if (profile) await recordInvoiceRequest(order, paid, profile, Boolean(cashReceipt));
    return cashReceipt;
  } catch (error) {
    logger.error('The payment documents could not be made; the next confirmation makes them', {
      merchantUid: order.merchantUid,
      error,
    });
    return undefined;
  }
}

/** The same step for an order confirmed again after its grant, from the payment it recorded. */
export async function issuePaymentDocumentsAgain(order: PaymentOrder): Promise<void> {
  const payment = await getPayment(order.merchantUid).catch(() => undefined);
  if (!payment) return;
  await issuePaymentDocuments(order, {
    paidAt: payment.paidAt,
    amount: payment.price,
    impUid: payment.impUid,
  });
}
