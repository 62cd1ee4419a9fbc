import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../../../shared/currency.ts';
import {
  type AmendmentView,
  formatApprovalNumber,
  type TaxInvoiceView,
} from '../../../../../shared/tax-invoices/tax-invoice-rules.ts';
import { useOpenTaxInvoicePdf } from '../api/tax-invoice-pdf.ts';

/** What an amended invoice took off: -₩100,000. */
const signedWon = (amount: number) => `${amount < 0 ? '-' : ''}${formatPrice(Math.abs(amount), 'KRW')}`;

/**
 * A payment's tax invoice as the billing page shows it: where it stands (requested, issued, filed with
 * the NTS, on hold while the team looks into a refusal, cancelled, or served by the payment's card slip or
 * cash receipt), its approval number (one word: only the words before it may wrap), the PDF of an invoice
 * Popbill issued, and the amended invoices (or the cancellation) its refunds made.
 */
export function TaxInvoiceStatus({ invoice, token }: { invoice: TaxInvoiceView; token: string }) {
  const { t } = useTranslation('tax-invoice');
  const pdf = useOpenTaxInvoicePdf(token);
  const pdfButton = (mgtKey: string) => (
    <button type="button" className="button-link" onClick={() => pdf.mutate(mgtKey)}>
      {t('pdf')}
    </button>
  );
  const approval = (number: string | undefined) =>
    number ? (
      <>
        {' '}
        ({t('approval_label')} <span className="nowrap">{formatApprovalNumber(number)}</span>)
      </>
    ) : null;
  return (
    <span className="tax-invoice-status" data-state={invoice.state}>
      <span className="tax-invoice-line">
        {t('label')}: {t(`state.${invoice.state}`)}
        {approval(invoice.approvalNumber)}
        {invoice.mgtKey ? <> {pdfButton(invoice.mgtKey)}</> : null}
      </span>
      {(invoice.amendments ?? []).map((amendment: AmendmentView) => (
        <span key={amendment.mgtKey} className="tax-invoice-line" data-state={amendment.state}>
          {amendment.kind === 'cancellation' ? (
            t('cancellation')
          ) : (
            <>
              {t('amendment', { amount: signedWon(amendment.total) })}: {t(`state.${amendment.state}`)}
              {approval(amendment.approvalNumber)}
              {amendment.approvalNumber && amendment.state !== 'cancelled' ? (
                <> {pdfButton(amendment.mgtKey)}</>
              ) : null}
            </>
          )}
        </span>
      ))}
      {pdf.isError ? (
        <span className="tax-invoice-line" role="alert">
          {t('pdf_failed')}
        </span>
      ) : null}
    </span>
  );
}
