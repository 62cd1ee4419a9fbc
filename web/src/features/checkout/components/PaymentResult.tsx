import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { PaymentFailureNote } from '../../../components/PaymentFailureNote.tsx';
import type { PaymentQuery } from '../../../lib/order-session.ts';
import { describePaymentFailure } from '../../../lib/payment-failure.ts';
import { pricingPath } from '../../../lib/payment-start.ts';
import { planLabel } from '../../../lib/plan-names.ts';
import { paymentTime, price } from '../format.ts';
import { useFailure, useOutcome, useTitle } from '../hooks/result-hooks.ts';
import { usePaymentConfirmation } from '../hooks/use-payment-confirmation.ts';
import { readProgress } from '../payment-storage.ts';
import type { ResultPagesBase } from '../result-pages.ts';
import '../checkout.css';

/** /payment/result/pending: the confirmation runs, retries show while the provider settles. */
export function PaymentPending({
  lang,
  guid,
  query,
  returned,
  resultPages,
}: {
  lang: SiteLanguage;
  guid: string | undefined;
  query: PaymentQuery;
  returned: Record<string, string | undefined>;
  /** Where the outcome leads (an eraser's result pages; an order's by default). */
  resultPages?: ResultPagesBase;
}) {
  const { t } = useTranslation('payment-result');
  useTitle(t('pending.title'));
  const { retry } = usePaymentConfirmation({ lang, guid, query, returned, resultPages });
  return (
    <main className="order-page order-result">
      <h1>{t('pending.title')}</h1>
      <div className="spinner" />
      <p role="status">{retry ? t('pending.retrying', { attempt: retry }) : t('pending.confirming')}</p>
      {guid ? null : <p role="alert">{t('pending.no_session')}</p>}
    </main>
  );
}

/** /payment/result/success: what was bought, or the virtual account to pay into. */
export function PaymentSuccess({ lang, guid }: { lang: SiteLanguage; guid: string | undefined }) {
  const { t } = useTranslation('payment-result');
  const outcome = useOutcome(guid);
  const vbank = outcome && outcome !== 'none' && outcome.kind === 'vbank_issued' ? outcome.vbank : undefined;
  useTitle(vbank ? t('vbank.title') : t('success.title'));
  if (outcome === undefined) return null;
  const progress = guid ? readProgress(guid) : undefined;
  const planLine = progress
    ? planLabel(t, { planType: progress.planType, period: progress.planPeriod })
    : undefined;
  return (
    <main className="order-page order-result">
      <h1>{vbank ? t('vbank.title') : t('success.title')}</h1>
      {vbank ? (
        <>
          <p>{t('vbank.lead')}</p>
          <dl className="order-vbank" aria-label={t('vbank.title')}>
            <dt>{t('vbank.bank')}</dt>
            <dd>{vbank.vbankName}</dd>
            <dt>{t('vbank.number')}</dt>
            <dd data-testid="vbank-number">{vbank.vbankNum}</dd>
            <dt>{t('vbank.holder')}</dt>
            <dd>{vbank.vbankHolder}</dd>
            <dt>{t('vbank.amount')}</dt>
            <dd>{price(vbank.price, vbank.currency)}</dd>
            <dt>{t('vbank.due')}</dt>
            <dd>{paymentTime(vbank.vbankDueDate, lang)}</dd>
          </dl>
          <p className="order-helper">{t('vbank.texted')}</p>
        </>
      ) : (
        <>
          <p role="status">{t('success.lead')}</p>
          {planLine ? <p className="order-result-plan">{planLine}</p> : null}
          {outcome !== 'none' && outcome.kind === 'success' ? (
            <p>{t('success.paid', { price: price(outcome.amount, outcome.currency) })}</p>
          ) : null}
        </>
      )}
      {/* The language home sends a signed-in visitor on to the app. */}
      <a className="button" href={`/${lang}`}>
        {t('success.start')}
      </a>
    </main>
  );
}

/**
 * /payment/result/fail: the stored failure; the expired title for an expired session, the cancelled
 * one when the customer left the checkout.
 */
export function PaymentFail({
  lang,
  guid,
  query,
}: {
  lang: SiteLanguage;
  guid: string | undefined;
  query: PaymentQuery;
}) {
  const { t } = useTranslation('payment-result');
  const failure = useFailure(guid);
  const view = failure && describePaymentFailure(t, failure);
  const expired = failure?.errorCode === 'L03';
  const title = view?.abandoned
    ? t('errors:payment_failure.abandoned_title')
    : expired
      ? t('fail.expired_title')
      : t('fail.title');
  const progress = guid ? readProgress(guid) : undefined;
  useTitle(title);
  if (!view) return null;
  return (
    <main className="order-page order-result">
      <h1>{title}</h1>
      <PaymentFailureNote view={view} />
      {/* Back to the pricing of this session (its start buttons lead to the order); a lapsed one starts anew. */}
      <a
        className="button"
        href={pricingPath(lang, {
          guid: expired ? undefined : guid,
          upgrading: progress?.isUpgrade === true,
          query,
        })}
      >
        {t('fail.retry')}
      </a>
    </main>
  );
}
