import { Link, useNavigate } from '@tanstack/react-router';
import { Fragment, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice } from '../../../../../shared/currency.ts';
import { REFUND_BANKS_NAMESPACE, refundBankId } from '../../../../../shared/refunds/refund-account.ts';
import type { RefundEstimateInfo, RefundSource } from '../../../../../shared/refunds/refund-session.ts';
import { type RefundWay, refundWayName } from '../../../../../shared/refunds/refund-ways.ts';
import { formatKst, parseKstDateTime } from '../../../../../shared/time/kst.ts';
import { CodeLabel } from '../../../components/console/CodeLabel.tsx';
import { useConfirm } from '../../../components/console/ConfirmDialog.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstDateInput } from '../../../components/console/KstDateInput.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { notify } from '../../../components/console/toast.ts';
import {
  codeLabel,
  payMethodLabel,
  pgLabel,
  planNameLabel,
  refundWayLabel,
} from '../../../lib/labels/labels.ts';
import {
  type AccountField,
  type AccountProblems,
  checkAccount,
  decisionFor,
  EMPTY_ACCOUNT,
  type RefundAccountDraft,
} from '../../../lib/refund-ways.ts';
import { useRefund, useRefundEstimate } from '../api.ts';
import { wayChoices } from '../refund-choices.ts';
import { refundRefusalView } from '../refund-refusals.ts';
import { RefundAccountFields } from './RefundAccountFields.tsx';
import '../console-refunds.css';

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

type ShownField = Exclude<keyof RefundEstimateInfo, 'refundWays' | 'refundable'>;

/**
 * A refund owed from the product's account, as the refund answered it: by bank transfer (the account
 * masked), or by hand outside the provider.
 */
type TransferOwed =
  | { amount: number; bankCode: string; holder: string; accountMasked: string }
  | { amount: number; byHand: true };

/**
 * The estimate, then the refund: full or partial, and the ways of the one decision for that amount
 * (shared/refunds/refund-ways.ts, recomputed as the amount changes; refund-choices.ts): through the
 * provider, disabled with its reason where the provider cannot take it, and to the product account; the
 * decision's first preselected and marked recommended, each named by how this payment's money goes back,
 * with what it means for the customer (said again before the operator confirms, and that another way
 * than the recommended one wants its reason); the customer's account where the way needs one. A refund
 * from the product account is owed, not paid: the screen says so and where it is listed.
 */
function RefundEstimate({ uid, estimate }: { uid: string; estimate: RefundEstimateInfo }) {
  const { t } = useTranslation('console-refunds');
  const navigate = useNavigate();
  const confirm = useConfirm();
  const refund = useRefund(uid);
  const [full, setFull] = useState(estimate.isFullRefund);
  const [partial, setPartial] = useState(String(estimate.estimatedRefundPrice));
  const [chosen, setChosen] = useState<RefundSource>();
  const [draft, setDraft] = useState<RefundAccountDraft>(EMPTY_ACCOUNT);
  const [accountProblems, setAccountProblems] = useState<AccountProblems>({});
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState(false);
  const [owed, setOwed] = useState<TransferOwed>();
  // This screen's refund, sent with every press: a press after an answer that never came answers the
  // refund the first one started (docs/crash-safety.md) instead of starting or refusing another.
  const [requestId] = useState(() => crypto.randomUUID());

  const price = full ? estimate.price : Number(partial);
  const priceValid =
    (full || partial.trim() !== '') && Number.isFinite(price) && price >= 0 && price <= estimate.refundable;
  const decision = priceValid ? decisionFor(estimate, price) : undefined;
  const ways = decision?.ways ?? [];
  const choices = decision ? wayChoices(estimate, decision) : [];
  const recommended = ways[0];
  // The operator's choice while the decision still allows it; else the way it recommends.
  const way = ways.find((allowed) => allowed.source === chosen) ?? recommended;
  const needsAccount = price > 0 && way?.account === 'required';
  const wayLabel = (shown: RefundWay) => refundWayLabel(t, shown, estimate);
  const failure = refundRefusalView(refund.error);
  /** What the chosen way means for the customer, and that it is not the recommended one. */
  const meaning = (chosenWay: RefundWay) => (
    <>
      <p data-testid="refund-way-meaning">{t(`meaning.${refundWayName(chosenWay)}`)}</p>
      {recommended && chosenWay !== recommended ? (
        <p className="field-error" data-testid="refund-way-not-recommended">
          {t('meaning.not_recommended', { recommended: wayLabel(recommended) })}
        </p>
      ) : null}
    </>
  );

  const submit = async () => {
    const checked = needsAccount ? checkAccount(draft) : undefined;
    setAccountProblems(checked?.problems ?? {});
    setReasonError(!reason.trim());
    if (!reason.trim() || checked?.problems || !way) return;
    const question = t('question', { price: formatPrice(price, estimate.currency) });
    const description = (
      <>
        <p>
          <strong>{wayLabel(way)}</strong>
        </p>
        {meaning(way)}
      </>
    );
    if (!(await confirm({ title: question, description, confirmLabel: t('submit'), destructive: true })))
      return;
    try {
      const { result } = await refund.mutateAsync({
        requestId,
        price,
        reason: reason.trim(),
        refundSource: way.source,
        ...(checked?.account ? { refundAccount: checked.account } : {}),
      });
      notify.success(t('success'));
      const amount = result.amount ?? price;
      if (result.transferTo) setOwed({ amount, ...result.transferTo });
      else if (refundWayName(way) === 'by_hand') setOwed({ amount, byHand: true });
      else await navigate({ to: '/admin/users/$id/show', params: { id: uid } });
    } catch (error) {
      const refused = refundRefusalView(error);
      if (refused && 'account' in refused) setAccountProblems(refused.account);
      notify.failure(t('failure'), error);
    }
  };
  const value = (name: ShownField) => {
    const shown = estimate[name];
    if (name === 'paidAt') return <KstTime ms={estimate.paidAt} />;
    if (name === 'price' || name === 'fixedPrice' || name === 'estimatedRefundPrice')
      return formatPrice(estimate[name], estimate.currency);
    if (name === 'usedPeriod')
      return t(estimate.isDaily ? 'used_days' : 'used_months', { count: estimate.usedPeriod });
    if (name === 'refundSource') {
      const own = decisionFor(estimate, estimate.estimatedRefundPrice).ways[0];
      return own ? wayLabel(own) : t('refusal.none');
    }
    if (name === 'planName')
      return <CodeLabel label={planNameLabel(t, estimate.planName)} code={estimate.planName} />;
    if (name === 'planType')
      return <CodeLabel label={codeLabel(t, 'planType', estimate.planType)} code={estimate.planType} />;
    if (name === 'period')
      return <CodeLabel label={codeLabel(t, 'planPeriod', estimate.period)} code={estimate.period} />;
    if (name === 'pg') return <CodeLabel label={pgLabel(t, estimate.pg)} code={estimate.pg} />;
    if (name === 'payMethod')
      return <CodeLabel label={payMethodLabel(t, estimate.payMethod)} code={estimate.payMethod} />;
    if (typeof shown === 'boolean') return t(shown ? 'yes' : 'no');
    return shown;
  };
  // Each term and its value directly in the list (a wrapper between them is not a valid <dl>).
  const row = (name: ShownField) => (
    <Fragment key={name}>
      <dt>{t(`field.${name}`)}</dt>
      <dd>{value(name)}</dd>
    </Fragment>
  );
  if (owed) return <TransferOwedNote uid={uid} owed={owed} currency={estimate.currency} />;
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
          <input
            inputMode="decimal"
            value={partial}
            aria-invalid={!priceValid}
            aria-describedby={priceValid ? undefined : 'refund-amount-error'}
            onChange={(event) => setPartial(event.target.value)}
          />
        </label>
      )}
      {priceValid ? null : (
        <p id="refund-amount-error" className="field-error">
          {t('amount_invalid', { max: formatPrice(estimate.refundable, estimate.currency) })}
        </p>
      )}
      {decision?.refusal ? (
        <p className="field-error" role="alert">
          {t(`refusal.${decision.refusal}`)}
        </p>
      ) : null}
      {choices.length ? (
        <fieldset className="refund-ways">
          <legend>{t('way.title')}</legend>
          {choices.map((choice) => (
            <div key={choice.way.source} className="refund-way">
              <label>
                <input
                  type="radio"
                  name="refund-way"
                  checked={way === choice.way}
                  disabled={Boolean(choice.closed)}
                  aria-describedby={choice.closed ? `refund-way-closed-${choice.way.source}` : undefined}
                  onChange={() => setChosen(choice.way.source)}
                />{' '}
                {wayLabel(choice.way)}
                {choice.recommended ? (
                  <>
                    {' '}
                    <span className="refund-way-recommended">{t('recommended')}</span>
                  </>
                ) : null}
              </label>
              {choice.closed ? (
                <p id={`refund-way-closed-${choice.way.source}`} className="console-hint">
                  {t(`closed.${choice.closed}`)}
                </p>
              ) : null}
            </div>
          ))}
          {way ? (
            <section aria-label={t('meaning.title')} className="console-hint">
              {meaning(way)}
            </section>
          ) : null}
        </fieldset>
      ) : null}
      {needsAccount ? (
        <RefundAccountFields
          draft={draft}
          problems={accountProblems}
          onChange={(field: AccountField, text: string) => {
            setDraft((current) => ({ ...current, [field]: text }));
            setAccountProblems(({ [field]: _changed, ...others }) => others);
          }}
        />
      ) : null}
      <label className="console-field">
        {t('reason')}
        <input
          value={reason}
          aria-invalid={reasonError}
          aria-describedby={reasonError ? 'refund-reason-error' : undefined}
          onChange={(event) => {
            setReason(event.target.value);
            setReasonError(false);
          }}
        />
      </label>
      {reasonError ? (
        <p id="refund-reason-error" className="field-error">
          {t('reason_required')}
        </p>
      ) : null}
      {failure && 'key' in failure ? (
        <ErrorNote error={t(failure.key, failure.values)} />
      ) : failure ? null : (
        <ErrorNote error={refund.error} />
      )}
      <div className="console-actions">
        <button
          type="button"
          className="console-button"
          disabled={refund.isPending || !priceValid || !way || estimate.usedPeriod === 0}
          onClick={submit}
        >
          {t('submit')}
        </button>
      </div>
    </section>
  );
}

/** The refund is decided and owed from the product's account: to whom, how, and where an operator pays it. */
function TransferOwedNote({
  uid,
  owed,
  currency,
}: {
  uid: string;
  owed: TransferOwed;
  currency: RefundEstimateInfo['currency'];
}) {
  const { t } = useTranslation('console-refunds');
  const amount = formatPrice(owed.amount, currency);
  const bankId = 'bankCode' in owed ? refundBankId(owed.bankCode) : undefined;
  return (
    <section className="console-card" aria-labelledby="refund-owed-title">
      <h2 id="refund-owed-title">{t('byHand' in owed ? 'by_hand_owed.title' : 'transfer_owed.title')}</h2>
      <p role="status">
        {'byHand' in owed
          ? t('by_hand_owed.text', { amount })
          : t('transfer_owed.text', {
              amount,
              bank: bankId ? t(`${REFUND_BANKS_NAMESPACE}:${bankId}`) : owed.bankCode,
              holder: owed.holder,
              account: owed.accountMasked,
            })}
      </p>
      <div className="console-actions">
        <Link className="console-button" to="/admin/attention">
          {t('transfer_owed.attention')}
        </Link>
        <Link className="console-button secondary" to="/admin/users/$id/show" params={{ id: uid }}>
          {t('transfer_owed.user')}
        </Link>
      </div>
    </section>
  );
}
