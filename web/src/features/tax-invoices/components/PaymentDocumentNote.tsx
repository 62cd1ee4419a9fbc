import { useTranslation } from 'react-i18next';
import type { CashReceiptPurpose } from '../../../../../shared/cash-receipts/cash-receipt-rules.ts';
import { cashReceiptAsked } from '../../../../../shared/cash-receipts/cash-receipt-rules.ts';
import type { Currency } from '../../../../../shared/currency.ts';
import { paymentDocumentOf } from '../../../../../shared/tax-documents/payment-document.ts';
import { useTaxInvoiceDetails } from '../api/tax-invoice-details.ts';

/**
 * What the order page says about the payment's document before the buyer pays (issue 32, point 12): a
 * virtual account's cash receipt (or the self-issued one, or none), a business account's tax invoice,
 * or the card slip that serves instead, by the rules the server issues with
 * (shared/tax-documents/payment-document.ts). A business account's payments request an invoice once
 * its details are kept, which the order page asks before paying, so the business choice counts as
 * kept. Nothing is said of an individual's card payment, nor before a virtual account's purpose is
 * chosen.
 */
export function PaymentDocumentNote({
  guid,
  business,
  payMethod,
  currency,
  finalPrice,
  cashReceiptPurpose,
}: {
  guid: string;
  business: boolean;
  payMethod: string;
  currency: Currency;
  finalPrice: number;
  cashReceiptPurpose: CashReceiptPurpose | undefined;
}) {
  const { t } = useTranslation('tax-invoice');
  const details = useTaxInvoiceDetails({ guid });
  if (details.isPending && !business) return null;
  const invoiceRequested = business || Boolean(details.data?.details);
  const order = { payMethod, currency, finalPrice, cashReceiptPurpose, invoiceRequested };
  const document = paymentDocumentOf(order);
  if (!document || (document === 'none' && !cashReceiptAsked(order))) return null;
  const text = document === 'cash_receipt' && invoiceRequested ? 'cash_receipt_instead_of_invoice' : document;
  return (
    <p className="order-document" role="note" data-document={document}>
      <strong>{t('document.label')}</strong> {t(`document.${text}`)}
    </p>
  );
}
