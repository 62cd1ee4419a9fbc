import { useTranslation } from 'react-i18next';
import type { CashReceiptView } from '../../../../../shared/cash-receipts/cash-receipt-rules.ts';

/** A cash receipt's state as the billing page shows it: issued with its approval number, or not (yet). */
export function CashReceiptStatus({ receipt }: { receipt: CashReceiptView }) {
  const { t } = useTranslation('cash-receipt');
  return (
    <span className="cash-receipt-status" data-state={receipt.state}>
      {t('label')}: {t(`state.${receipt.state}`)}
      {receipt.state === 'issued' && receipt.approvalNumber ? (
        <> ({t('approval_number', { number: receipt.approvalNumber })})</>
      ) : null}
      {receipt.state === 'issued' && receipt.receiptUrl ? (
        <>
          {' '}
          <a href={receipt.receiptUrl} target="_blank" rel="noopener noreferrer">
            {t('view')}
          </a>
        </>
      ) : null}
    </span>
  );
}
