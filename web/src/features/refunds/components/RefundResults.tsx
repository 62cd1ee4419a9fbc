import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../../../shared/currency.ts';
import { CLIENT_ERROR_CODES, type ClientErrorCode } from '../../../../../shared/errors/catalogue.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { REFUND_BANKS_NAMESPACE, refundBankId } from '../../../../../shared/refunds/refund-account.ts';
import { BILLING_PAGE } from '../../../../../shared/site/site-pages.ts';
import { useTitle } from '../../checkout/index.ts';
import { refundFailureOf } from '../refund-failure.ts';
import { readRefundOutcome } from '../refund-outcome.ts';
import { SUPPORT_ADDRESS } from './RefundWayNote.tsx';
import '../../checkout/checkout.css';
import '../refunds.css';

/**
 * /payment/user-refund/success: refunded (how much, and where it went: the account's bank and last
 * digits for a refund to an account), or (a zero estimate) unsubscribed.
 */
export function UserRefundSuccess({
  lang,
  kind,
  guid,
}: {
  lang: SiteLanguage;
  kind: string | undefined;
  guid: string | undefined;
}) {
  const { t } = useTranslation('refund');
  const unsubscribed = kind === 'unsubscribed';
  useTitle(t(unsubscribed ? 'success.unsubscribed_title' : 'success.title'));
  const outcome = !unsubscribed && guid ? readRefundOutcome(guid) : undefined;
  const bankId = outcome?.to ? refundBankId(outcome.to.bankCode) : undefined;
  return (
    <main className="order-page order-result">
      <h1>{t(unsubscribed ? 'success.unsubscribed_title' : 'success.title')}</h1>
      {unsubscribed ? (
        <p role="status">{t('success.unsubscribed_lead')}</p>
      ) : outcome ? (
        <>
          <p role="status" data-testid="refund-result-amount">
            {t('success.amount', { amount: formatPrice(outcome.amount, outcome.currency) })}
          </p>
          <p data-testid="refund-result-destination">
            {t(`success.to.${outcome.way}`, {
              bank: bankId ? t(`${REFUND_BANKS_NAMESPACE}:${bankId}`) : outcome.to?.bankCode,
              account: outcome.to?.accountMasked,
            })}
          </p>
        </>
      ) : (
        <p role="status">{t('success.lead')}</p>
      )}
      <p className="refund-actions">
        <a className="button" href={`/${lang}${BILLING_PAGE}`}>
          {t('success.billing')}
        </a>
        <a className="button button-outline" href={`/${lang}`}>
          {t('success.home')}
        </a>
      </p>
    </main>
  );
}

/**
 * /payment/user-refund/fail: what failed and what to do next, in the refund's own words (issue 32
 * point 7), with the code to quote to support; the expired session keeps its own title.
 */
export function UserRefundFail({
  lang,
  code,
  cause,
}: {
  lang: SiteLanguage;
  code: string | undefined;
  cause: string | undefined;
}) {
  const { t } = useTranslation('refund');
  const errorCode = CLIENT_ERROR_CODES.find((known) => known === code) ?? ('L01' satisfies ClientErrorCode);
  const failure = refundFailureOf(errorCode, cause);
  const title = failure === 'expired' ? 'fail.expired_title' : 'fail.title';
  useTitle(t(title));
  return (
    <main className="order-page order-result">
      <h1>{t(title)}</h1>
      <p role="alert" data-testid="refund-fail-what">
        {t(`fail.what.${failure}`)}
      </p>
      <p data-testid="refund-fail-next">{t(`fail.next.${failure}`, { address: SUPPORT_ADDRESS })}</p>
      <p className="order-helper">{t('fail.code', { code: errorCode })}</p>
      <p className="refund-actions">
        <a className="button" href={`/${lang}${BILLING_PAGE}`}>
          {t('fail.billing')}
        </a>
        <a className="button button-outline" href={`mailto:${SUPPORT_ADDRESS}`}>
          {t('fail.support')}
        </a>
        <a className="button button-outline" href={`/${lang}/refund-policy`}>
          {t('fail.policy')}
        </a>
      </p>
    </main>
  );
}
