import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { BillingPayment } from '../../../../../shared/api/billing.ts';
import { formatPrice } from '../../../../../shared/currency.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { planOfName } from '../../../../../shared/plans/plan-types.ts';
import { erasedUsageType } from '../../../../../shared/usage-eraser/eraser-options.ts';
import { planLabel } from '../../../lib/plan-names.ts';
import { CashReceiptStatus } from '../../cash-receipts/index.ts';
import { TaxInvoiceStatus } from '../../tax-invoices/index.ts';
import { usePaymentHistory } from '../api/get-payment-history.ts';
import { billingDate, failureText } from '../format.ts';

/** The kinds of charge the history names; another (a later kind) is shown as a payment. */
const PAYMENT_KINDS = ['oneoff', 'regular', 'renewal', 'upgrade', 'eraser', 'event', 'plan'];

/**
 * The payments, newest first, ten at a time: date, what was bought and the kind of charge, amount,
 * status, refunded amount, and the payment's documents: the provider's receipt, a cash receipt and a
 * business account's tax invoice, each with where it stands.
 */
export function HistorySection({ token, lang }: { token: string; lang: SiteLanguage }) {
  const { t } = useTranslation('billing');
  const history = usePaymentHistory(token);
  const payments = history.data?.pages.flatMap((page) => page.result) ?? [];
  return (
    <section
      className="billing-section"
      aria-labelledby="billing-history-title"
      aria-busy={history.isPending}
    >
      <h2 id="billing-history-title">{t('history.title')}</h2>
      {history.error ? <p role="alert">{failureText(t, history.error)}</p> : null}
      {history.isSuccess && payments.length === 0 ? <p>{t('history.none')}</p> : null}
      {payments.length ? (
        <table className="billing-history">
          <thead>
            <tr>
              <th scope="col">{t('history.date')}</th>
              <th scope="col">{t('history.plan')}</th>
              <th scope="col" className="billing-amount">
                {t('history.amount')}
              </th>
              <th scope="col">{t('history.status')}</th>
              <th scope="col" className="billing-amount">
                {t('history.refunded')}
              </th>
              <th scope="col">{t('history.receipt')}</th>
            </tr>
          </thead>
          <tbody>
            {payments.map((payment) => (
              <PaymentRow key={payment.merchantUid} payment={payment} lang={lang} token={token} />
            ))}
          </tbody>
        </table>
      ) : null}
      {history.hasNextPage ? (
        <button
          type="button"
          className="button button-outline"
          disabled={history.isFetchingNextPage}
          onClick={() => void history.fetchNextPage()}
        >
          {t('history.more')}
        </button>
      ) : null}
    </section>
  );
}

/**
 * What a payment bought, by name: the plan's type and period, or the usage an eraser reset; its code
 * only for a plan the site has no name for.
 */
function boughtLabel(t: TFunction, planName: string): string {
  const plan = planOfName(planName);
  if (plan) return planLabel(t, plan);
  const erased = erasedUsageType(planName);
  return erased ? t(`usage.${erased}`) : planName;
}

function PaymentRow({
  payment,
  lang,
  token,
}: {
  payment: BillingPayment;
  lang: SiteLanguage;
  token: string;
}) {
  const { t } = useTranslation('billing');
  const kind = PAYMENT_KINDS.includes(payment.paymentType) ? payment.paymentType : 'other';
  const documents = [
    payment.receiptUrl ? (
      <a key="receipt" href={payment.receiptUrl} target="_blank" rel="noopener noreferrer">
        {t('history.receipt_link')}
        <span className="visually-hidden"> {t('history.new_window')}</span>
      </a>
    ) : null,
    payment.cashReceipt ? <CashReceiptStatus key="cash-receipt" receipt={payment.cashReceipt} /> : null,
    payment.taxInvoice ? (
      <TaxInvoiceStatus key="tax-invoice" invoice={payment.taxInvoice} token={token} />
    ) : null,
  ].filter(Boolean);
  return (
    <tr>
      <td data-label={t('history.date')} className="billing-figure">
        {billingDate(payment.paidAt, lang)}
      </td>
      <td data-label={t('history.plan')}>
        {boughtLabel(t, payment.planName)} <span className="billing-note">{t(`history.kind.${kind}`)}</span>
      </td>
      <td data-label={t('history.amount')} className="billing-figure billing-amount">
        {formatPrice(payment.amount, payment.currency)}
      </td>
      <td data-label={t('history.status')}>{t(`history.payment_status.${payment.status}`)}</td>
      <td data-label={t('history.refunded')} className="billing-figure billing-amount">
        {payment.refundedAmount ? formatPrice(payment.refundedAmount, payment.currency) : '–'}
      </td>
      <td data-label={t('history.receipt')} className="billing-documents">
        {documents.length ? documents : '–'}
      </td>
    </tr>
  );
}
