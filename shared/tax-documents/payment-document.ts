import {
  type CashReceiptPurpose,
  cashReceiptAsked,
  receiptToIssue,
} from '../cash-receipts/cash-receipt-rules.ts';
import type { Currency } from '../currency.ts';
import { invoiceStateAtPayment } from '../tax-invoices/tax-invoice-rules.ts';

/**
 * The one document a payment will have beside it (docs/tax-documents.md), as the order page tells the
 * buyer before they pay (issue 32, point 12), from the rules the server issues by:
 * - `cash_receipt`: the cash receipt the buyer asked for (income deduction or expense proof);
 * - `self_issued_cash_receipt`: none asked, ₩100,000 or more: the self-issue number's receipt;
 * - `tax_invoice`: a business account's tax invoice (its details are kept), where nothing else serves;
 * - `card_slip`: a business account's card-type payment, whose slip serves instead of a tax invoice;
 * - `none`: nothing (a cash payment under ₩100,000 without a receipt, an individual's card payment's
 *   slip aside, which the order page does not mention).
 * Undefined while the buyer has not chosen what a virtual account asks (the cash receipt's purpose).
 */
export type PaymentDocument =
  | 'cash_receipt'
  | 'self_issued_cash_receipt'
  | 'tax_invoice'
  | 'card_slip'
  | 'none';

export function paymentDocumentOf(order: {
  payMethod: string;
  currency: Currency;
  /** The price the buyer agrees to (a cash payment is in won). */
  finalPrice: number;
  cashReceiptPurpose: CashReceiptPurpose | undefined;
  /** Whether the account keeps tax invoice details: each of its payments then requests an invoice. */
  invoiceRequested: boolean;
}): PaymentDocument | undefined {
  if (cashReceiptAsked(order)) {
    if (!order.cashReceiptPurpose) return undefined;
    if (order.cashReceiptPurpose !== 'none') return 'cash_receipt';
    const owed = receiptToIssue(
      { purpose: 'none' },
      { priceKrw: order.finalPrice, invoiceRequested: order.invoiceRequested },
    );
    if (owed) return 'self_issued_cash_receipt';
  }
  if (!order.invoiceRequested) return 'none';
  return invoiceStateAtPayment({ payMethod: order.payMethod, hasCashReceipt: false }) === 'card_slip'
    ? 'card_slip'
    : 'tax_invoice';
}
