import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelPaymentUser, userRefundInfo } from '../../../../shared/api/refunds.ts';
import { CLIENT_ERROR_CODES, type ClientErrorCode } from '../../../../shared/errors/catalogue.ts';
import type { SiteLanguage } from '../../../../shared/languages.ts';
import { callRoute } from '../../lib/api-client.ts';
import { planLabel } from '../../lib/plan-names.ts';
import { Checklist, clientCodeOf, clientErrorText, paymentTime, price, useTitle } from '../checkout/index.ts';
import '../checkout/checkout.css';
import './refunds.css';

/**
 * /payment/user-refund (site-and-payments.md section 2): the estimate for a refund asked now, the
 * reason, the two agreements (not needed when the estimate is zero: that unsubscribes), submit. Any
 * failure, loading included, goes to the fail page with its client code.
 */
export function UserRefundPage({ lang, guid }: { lang: SiteLanguage; guid: string | undefined }) {
  const { t } = useTranslation('refund');
  useTitle(t('title'));
  const navigate = useNavigate();
  const fail = (error: unknown) =>
    navigate({
      to: '/$lang/payment/user-refund/fail',
      params: { lang },
      search: { code: clientCodeOf(error) },
    });
  const info = useQuery({
    queryKey: ['user-refund', guid],
    queryFn: async () => (await callRoute(userRefundInfo, { guid: guid ?? '' })).result,
    enabled: Boolean(guid),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [reason, setReason] = useState('');
  const [agreed, setAgreed] = useState([false, false]);
  const [missing, setMissing] = useState<string>();
  const refund = useMutation({
    mutationFn: async () => {
      const session = info.data;
      if (!session || !guid) throw new Error('No refund session');
      return callRoute(cancelPaymentUser, {
        guid,
        price: session.estimatedRefundPrice,
        reason: reason.trim(),
        refundSource: session.refundSource,
        agreed: agreed.every(Boolean),
      });
    },
    onSuccess: (answer) =>
      navigate({
        to: '/$lang/payment/user-refund/success',
        params: { lang },
        search: { kind: answer.result.kind },
      }),
    onError: fail,
  });
  useEffect(() => {
    if (!guid) navigate({ to: '/$lang/payment/user-refund/fail', params: { lang }, search: { code: 'L17' } });
  }, [guid, lang, navigate]);
  useEffect(() => {
    if (info.error) fail(info.error);
  });

  const session = info.data;
  if (!session) return <main className="order-page" aria-busy="true" />;
  const zero = session.estimatedRefundPrice === 0;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!reason.trim()) return setMissing(t('reason_missing'));
    if (!zero && !agreed.every(Boolean)) return setMissing(t('agreement_missing'));
    setMissing(undefined);
    refund.mutate();
  };
  return (
    <main className="order-page">
      <h1>{t('title')}</h1>
      <form onSubmit={onSubmit} noValidate>
        <section className="order-section" aria-labelledby="refund-estimate-title">
          <h2 id="refund-estimate-title">{t('estimate.title')}</h2>
          <dl className="refund-estimate">
            <dt>{t('estimate.plan')}</dt>
            <dd data-testid="refund-plan">{planLabel(t, session)}</dd>
            <dt>{t('estimate.paid_at')}</dt>
            <dd>{paymentTime(session.paidAt, lang)}</dd>
            <dt>{t('estimate.price')}</dt>
            <dd>{price(session.price, session.currency)}</dd>
            <dt>{t(session.isDaily ? 'estimate.used_days' : 'estimate.used_months')}</dt>
            <dd data-testid="refund-used">{session.usedPeriod}</dd>
            <dt>{t('estimate.kind')}</dt>
            <dd>{t(session.isFullRefund ? 'estimate.full' : 'estimate.partial')}</dd>
            <dt>{t('estimate.amount')}</dt>
            <dd data-testid="refund-amount">{price(session.estimatedRefundPrice, session.currency)}</dd>
          </dl>
          {zero ? <p className="order-helper">{t('estimate.zero')}</p> : null}
        </section>
        <section className="order-section" aria-labelledby="refund-reason-title">
          <h2 id="refund-reason-title">{t('reason.title')}</h2>
          <label className="refund-reason">
            {t('reason.label')}
            <textarea
              value={reason}
              maxLength={500}
              rows={4}
              onChange={(event) => setReason(event.target.value)}
            />
          </label>
        </section>
        {zero ? null : (
          <Checklist
            id="refund-agreements"
            title={t('agreements.title')}
            items={[0, 1].map((index) => ({
              key: String(index),
              label: t(`agreements.item${index + 1}`),
              checked: agreed[index] ?? false,
              onChange: (checked) =>
                setAgreed((current) => current.map((value, at) => (at === index ? checked : value))),
            }))}
          />
        )}
        {missing ? <p role="alert">{missing}</p> : null}
        <button type="submit" className="button" disabled={refund.isPending}>
          {t(zero ? 'submit_unsubscribe' : 'submit')}
        </button>
      </form>
    </main>
  );
}

/** /payment/user-refund/success: refunded, or (a zero estimate) unsubscribed. */
export function UserRefundSuccess({ lang, kind }: { lang: SiteLanguage; kind: string | undefined }) {
  const { t } = useTranslation('refund');
  const unsubscribed = kind === 'unsubscribed';
  useTitle(t(unsubscribed ? 'success.unsubscribed_title' : 'success.title'));
  return (
    <main className="order-page order-result">
      <h1>{t(unsubscribed ? 'success.unsubscribed_title' : 'success.title')}</h1>
      <p role="status">{t(unsubscribed ? 'success.unsubscribed_lead' : 'success.lead')}</p>
      <a className="button" href={`/${lang}`}>
        {t('success.home')}
      </a>
    </main>
  );
}

/** /payment/user-refund/fail: the error, with the refund's own title for an expired session. */
export function UserRefundFail({ lang, code }: { lang: SiteLanguage; code: string | undefined }) {
  const { t } = useTranslation('refund');
  const errorCode = CLIENT_ERROR_CODES.find((known) => known === code) ?? ('L01' satisfies ClientErrorCode);
  const expired = errorCode === 'L03';
  useTitle(t(expired ? 'fail.expired_title' : 'fail.title'));
  return (
    <main className="order-page order-result">
      <h1>{t(expired ? 'fail.expired_title' : 'fail.title')}</h1>
      <p role="alert">{clientErrorText(t, errorCode)}</p>
      <a className="button" href={`/${lang}/refund-policy`}>
        {t('fail.policy')}
      </a>
    </main>
  );
}
