import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  PRODUCT_REFUND_SOURCE,
  type RefundEstimateInfo,
} from '../../../../../shared/refunds/refund-session.ts';
import { formatKst, KST_INPUT_DATE_TIME, parseKstDateTime } from '../../../../../shared/time/kst.ts';
import { useConfirm } from '../../../components/console/ConfirmDialog.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
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
  const [requested, setRequested] = useState(() => formatKst(Date.now(), KST_INPUT_DATE_TIME));
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
          <input
            type="datetime-local"
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
        {dateError ? <p className="field-error">{dateError}</p> : null}
        <ErrorNote error={estimate.error} />
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
  const [toProduct, setToProduct] = useState(estimate.refundSource === PRODUCT_REFUND_SOURCE);
  const [partial, setPartial] = useState(String(estimate.estimatedRefundPrice));
  const [reason, setReason] = useState('');
  const price = full ? estimate.price : Number(partial);
  const priceValid = Number.isFinite(price) && price >= 0 && price <= estimate.price;
  const refundSource = toProduct ? PRODUCT_REFUND_SOURCE : estimate.refundSource;
  const submit = async () => {
    const question = t('question', { price: price.toLocaleString(), currency: estimate.currency });
    if (!(await confirm({ title: question, confirmLabel: t('submit'), destructive: true }))) return;
    try {
      await refund.mutateAsync({ price, reason: reason.trim(), refundSource });
      notify.success(t('success'));
      await navigate({ to: '/admin/users/$id/show', params: { id: uid } });
    } catch (error) {
      notify.failure(t('failure'), error);
    }
  };
  const row = (name: keyof RefundEstimateInfo) => (
    <span key={name} style={{ display: 'contents' }}>
      <dt>{t(`field.${name}`)}</dt>
      <dd>{name === 'paidAt' ? <KstTime ms={estimate.paidAt} /> : String(estimate[name])}</dd>
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
      {priceValid ? null : <p className="field-error">{t('amount_invalid', { max: estimate.price })}</p>}
      <fieldset>
        <legend>{t('source')}</legend>
        <label>
          <input type="radio" checked={!toProduct} onChange={() => setToProduct(false)} />{' '}
          {t('source_provider', {
            source: estimate.refundSource === PRODUCT_REFUND_SOURCE ? 'portone' : estimate.refundSource,
          })}
        </label>
        <label>
          <input type="radio" checked={toProduct} onChange={() => setToProduct(true)} /> {t('source_product')}
        </label>
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
