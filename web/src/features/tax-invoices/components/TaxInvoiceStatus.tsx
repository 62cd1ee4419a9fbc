import { useTranslation } from 'react-i18next';
import {
  formatApprovalNumber,
  type TaxInvoiceView,
} from '../../../../../shared/tax-invoices/tax-invoice-rules.ts';

/**
 * A payment's tax invoice as the billing page shows it: requested, issued with its approval number (one
 * word: only the words before it may wrap), cancelled, or served by the payment's card slip or cash
 * receipt (no invoice is then issued).
 */
export function TaxInvoiceStatus({ invoice }: { invoice: TaxInvoiceView }) {
  const { t } = useTranslation('tax-invoice');
  return (
    <span className="tax-invoice-status" data-state={invoice.state}>
      {t('label')}: {t(`state.${invoice.state}`)}
      {invoice.approvalNumber ? (
        <>
          {' '}
          ({t('approval_label')}{' '}
          <span className="nowrap">{formatApprovalNumber(invoice.approvalNumber)}</span>)
        </>
      ) : null}
    </span>
  );
}
