import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../../../shared/currency.ts';
import type { RefundEstimateInfo } from '../../../../../shared/refunds/refund-session.ts';
import { formatKst, parseKstDateTime } from '../../../../../shared/time/kst.ts';
import { useConfirm } from '../../../components/console/ConfirmDialog.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstDateInput } from '../../../components/console/KstDateInput.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { notify } from '../../../components/console/toast.ts';
import { useRefund, useRefundEstimate } from '../api.ts';

/**
 * users/{id}/refund (section 2): the operator picks the requested date (KST); the business-day mode is
 * on by default and turns off as soon as the date is changed (a chosen date is taken as it is). The
 * estimate comes from the same engine as the customer's refund.
 */
export function RefundScreen({ uid }: { uid: string }) {
  const { t } = useTranslation('console-refunds');
  const [requested, setRequested] = useState(() => formatKst(Date.now()));
  const [businessDay, setBusinessDay] = useState(true);
  let requestedMs: number | undefined;
  let dateError: string | undefined;
  try {
    requestedMs = parseKstDateTime(requested);
  } catch (error) {
    dateError = (error as Error).message;
  }
  const estimate = useRefundEstimate(
    requestedMs === undefined ? undefined : { uid, requestedMs, businessDay },
  );
  const result = estimate.data?.result;
  return (
    <>
      <section className="console-card console-form">
        <label className="console-field">
          {t('requested_date')}
          <KstDateInput
            value={requested}
            onChange={(event) => {
              setRequested(event.target.value);
              setBusinessDay(false);
            }}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={businessDay}
            onChange={(event) => setBusinessDay(event.target.checked)}
          />{' '}
          {t('business_day')}
        </label>
        {dateError ? <p className="field-error">{t(dateError)}</p> : null}
        {/* An account with no plan to refund (reached by its address) is not found. */}
        <ErrorNote error={estimate.error} texts={{ not_found: 'console-refunds:no_plan' }} />
      </section>
      {result ? <RefundEstimate key={JSON.stringify(result)} uid={uid} estimate={result} /> : null}
    </>
  );
}

function RefundEstimate({ uid, estimate }: { uid: string; estimate: RefundEstimateInfo }) {
  const { t } = useTranslation('console-refunds');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const refund = useRefund(uid);
  const [full, setFull] = useState(estimate.isFullRefund);
  // Only the ways this payment's money can go back are offered, its own preselected.
  const sources = estimate.refundWays.whole.ways.map((way) => way.source);
  const [refundSource, setRefundSource] = useState(sources[0] ?? estimate.refundSource);
  const [partial, setPartial] = useState(String(estimate.estimatedRefundPrice));
  const [reason, setReason] = useState('');
  const price = full ? estimate.price : Number(partial);
  const priceValid = Number.isFinite(price) && price >= 0 && price <= estimate.price;
  const submit = async () => {
    const question = t('question', { price: formatPrice(price, estimate.currency) });
    if (!(await confirm({ title: question, confirmLabel: t('submit'), destructive: true }))) return;
    try {
      await refund.mutateAsync({ price, reason: reason.trim(), refundSource });
      notify.success(t('success'));
      await navigate({ to: '/admin/users/$id/show', params: { id: uid } });
    } catch (error) {
      notify.failure(t('failure'), error);
    }
  };
  const value = (name: Exclude<keyof RefundEstimateInfo, 'refundWays'>) => {
    const shown = estimate[name];
    if (name === 'paidAt') return <KstTime ms={estimate.paidAt} />;
    if (name === 'price' || name === 'fixedPrice' || name === 'estimatedRefundPrice')
      return formatPrice(estimate[name], estimate.currency);
    if (name === 'usedPeriod')
      return t(estimate.isDaily ? 'used_days' : 'used_months', { count: estimate.usedPeriod });
    if (name === 'refundSource') return t(`source_option.${estimate.refundSource}`);
    if (typeof shown === 'boolean') return t(shown ? 'yes' : 'no');
    return shown;
  };
  const row = (name: Exclude<keyof RefundEstimateInfo, 'refundWays'>) => (
    <span key={name} style={{ display: 'contents' }}>
      <dt>{t(`field.${name}`)}</dt>
      <dd>{value(name)}</dd>
    </span>
  );
  return (
    <section className="console-card console-form" aria-labelledby="refund-estimate-title">
      <h2 id="refund-estimate-title">{t('estimate')}</h2>
      {estimate.usedPeriod === 0 ? (
        <p className="field-error" role="alert">
          {t('check_requested_date')}
        </p>
      ) : null}
      <dl className="console-details">
        {(
          [
            'paidAt',
            'planName',
            'price',
            'currency',
            'usedPeriod',
            'isDaily',
            'fixedPrice',
            'estimatedRefundPrice',
            'isFullRefund',
            'planType',
            'period',
            'isUpgrade',
            'refundSource',
            'pg',
            'payMethod',
          ] as const
        ).map(row)}
      </dl>
      <fieldset>
        <legend>{t('kind')}</legend>
        <label>
          <input type="radio" checked={full} onChange={() => setFull(true)} /> {t('full')}
        </label>
        <label>
          <input type="radio" checked={!full} onChange={() => setFull(false)} /> {t('partial')}
        </label>
      </fieldset>
      {full ? null : (
        <label className="console-field">
          {t('amount', { currency: estimate.currency })}
          <input inputMode="decimal" value={partial} onChange={(event) => setPartial(event.target.value)} />
        </label>
      )}
      {priceValid ? null : (
        <p className="field-error">
          {t('amount_invalid', { max: formatPrice(estimate.price, estimate.currency) })}
        </p>
      )}
      <fieldset>
        <legend>{t('source')}</legend>
        {sources.map((source) => (
          <label key={source}>
            <input
              type="radio"
              name="refund-source"
              checked={refundSource === source}
              onChange={() => setRefundSource(source)}
            />{' '}
            {t(`source_option.${source}`)}
          </label>
        ))}
      </fieldset>
      <label className="console-field">
        {t('reason')}
        <input value={reason} onChange={(event) => setReason(event.target.value)} />
      </label>
      <ErrorNote error={refund.error} />
      <div className="console-actions">
        <button
          type="button"
          className="console-button"
          disabled={refund.isPending || !priceValid || !reason.trim() || estimate.usedPeriod === 0}
          onClick={submit}
        >
          {t('submit')}
        </button>
      </div>
    </section>
  );
}
