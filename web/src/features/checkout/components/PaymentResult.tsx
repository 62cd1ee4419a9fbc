import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { PaymentFailureNote } from '../../../components/PaymentFailureNote.tsx';
import type { PaymentQuery } from '../../../lib/payment-cache.ts';
import { describePaymentFailure } from '../../../lib/payment-failure.ts';
import { pricingPath } from '../../../lib/payment-start.ts';
import { planLabel } from '../../../lib/plan-names.ts';
import { fetchPaymentResult } from '../api/payment-calls.ts';
import { failure, failureOf } from '../confirmation-retries.ts';
import { paymentTime, price } from '../format.ts';
import { useFailure, useOutcome, useTitle } from '../hooks/result-hooks.ts';
import { usePaymentConfirmation } from '../hooks/use-payment-confirmation.ts';
import { readProgress, saveOutcome } from '../payment-storage.ts';
import { type ResultPagesBase, resultPagePath } from '../result-pages.ts';
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
    <main id="main" className="order-page order-result">
      <h1>{t('pending.title')}</h1>
      <div className="spinner" />
      <p role="status">{retry ? t('pending.retrying', { attempt: retry }) : t('pending.confirming')}</p>
      {guid ? null : <p role="alert">{t('pending.no_session')}</p>}
    </main>
  );
}

/** /payment/result/success: what was bought (an issued virtual account has its own page). */
export function PaymentSuccess({
  lang,
  guid,
  query,
}: {
  lang: SiteLanguage;
  guid: string | undefined;
  query: PaymentQuery;
}) {
  const { t } = useTranslation('payment-result');
  const navigate = useNavigate();
  const outcome = useOutcome(guid);
  const awaitingDeposit = outcome && outcome !== 'none' && outcome.kind === 'vbank_issued';
  useTitle(t('success.title'));
  useEffect(() => {
    if (awaitingDeposit && guid)
      void navigate({ href: resultPagePath(lang, 'vbank', guid, query), replace: true });
  }, [awaitingDeposit, guid, lang, query, navigate]);
  if (outcome === undefined || awaitingDeposit) return null;
  const progress = guid ? readProgress(guid) : undefined;
  const planLine = progress
    ? planLabel(t, { planType: progress.planType, period: progress.planPeriod })
    : undefined;
  return (
    <main id="main" className="order-page order-result">
      <h1>{t('success.title')}</h1>
      <p role="status">{t('success.lead')}</p>
      {planLine ? <p className="order-result-plan">{planLine}</p> : null}
      {outcome !== 'none' && outcome.kind === 'success' ? (
        <p>{t('success.paid', { price: price(outcome.amount, outcome.currency) })}</p>
      ) : null}
      {/* The language home sends a signed-in visitor on to the app. */}
      <a className="button" href={`/${lang}`}>
        {t('success.start')}
      </a>
    </main>
  );
}

/**
 * /payment/result/vbank: the virtual account issued, awaiting the deposit (issue 32, point 9): its
 * own address, the account number with a copy button, and nothing to start before the money is in.
 * "Check the deposit" asks the server (get-payment-result, which reads the provider); once the deposit
 * is in, the success page follows, with the way into the product.
 */
export function PaymentVbank({
  lang,
  guid,
  query,
}: {
  lang: SiteLanguage;
  guid: string | undefined;
  query: PaymentQuery;
}) {
  const { t } = useTranslation('payment-result');
  const navigate = useNavigate();
  const outcome = useOutcome(guid);
  const [copied, setCopied] = useState<'copied' | 'copy_failed'>();
  const [check, setCheck] = useState<'checking' | 'not_yet' | 'check_failed'>();
  useTitle(t('vbank.title'));
  if (outcome === undefined) return null;
  const vbank = outcome !== 'none' && outcome.kind === 'vbank_issued' ? outcome.vbank : undefined;
  const progress = guid ? readProgress(guid) : undefined;
  if (!vbank) {
    return (
      <main id="main" className="order-page order-result">
        <h1>{t('vbank.title')}</h1>
        <p role="alert">{t('pending.no_session')}</p>
      </main>
    );
  }

  async function copyNumber(number: string) {
    try {
      await navigator.clipboard.writeText(number);
      setCopied('copied');
    } catch {
      setCopied('copy_failed');
    }
  }

  async function checkDeposit() {
    if (!guid || !progress) return;
    setCheck('checking');
    try {
      const answer = await fetchPaymentResult({
        guid,
        merchantUid: progress.merchantUid,
        price: progress.finalPrice,
        isTest: progress.isTest,
        couponCode: progress.couponCode ?? '',
      });
      if (answer.result === 'pending') return setCheck('not_yet');
      const settled = answer.result === 'success';
      saveOutcome(
        guid,
        settled
          ? {
              kind: 'success',
              planName: progress.planName,
              amount: progress.amount,
              currency: progress.currency,
            }
          : { kind: 'error', ...failureOf(failure(answer)) },
      );
      await navigate({
        href: resultPagePath(lang, settled ? 'success' : 'fail', guid, query),
        replace: true,
      });
    } catch {
      setCheck('check_failed');
    }
  }

  return (
    <main id="main" className="order-page order-result">
      <h1>{t('vbank.title')}</h1>
      <p>{t('vbank.lead')}</p>
      <dl className="order-vbank" aria-label={t('vbank.title')}>
        <dt>{t('vbank.bank')}</dt>
        <dd>{vbank.vbankName}</dd>
        <dt>{t('vbank.number')}</dt>
        <dd>
          <span className="order-vbank-number" data-testid="vbank-number">
            {vbank.vbankNum}
          </span>{' '}
          <button type="button" className="button-link" onClick={() => void copyNumber(vbank.vbankNum)}>
            {t('vbank.copy')}
          </button>
        </dd>
        <dt>{t('vbank.holder')}</dt>
        <dd>{vbank.vbankHolder}</dd>
        <dt>{t('vbank.amount')}</dt>
        <dd className="order-vbank-figure">{price(vbank.price, vbank.currency)}</dd>
        <dt>{t('vbank.due')}</dt>
        <dd>{paymentTime(vbank.vbankDueDate, lang)}</dd>
      </dl>
      <p role="status" className="order-helper">
        {copied ? t(`vbank.${copied}`) : ''}
      </p>
      <p className="order-helper">{t('vbank.texted')}</p>
      <p className="order-helper">{t('vbank.later')}</p>
      {progress ? (
        <>
          <button
            type="button"
            className="button"
            disabled={check === 'checking'}
            aria-busy={check === 'checking'}
            onClick={() => void checkDeposit()}
          >
            {t('vbank.check')}
          </button>
          <p role="status">{check && check !== 'checking' ? t(`vbank.${check}`) : ''}</p>
        </>
      ) : null}
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
    <main id="main" className="order-page order-result">
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
