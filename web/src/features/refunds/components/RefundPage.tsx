import { useMutation, useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cancelPaymentUser, userRefundInfo } from '../../../../../shared/api/refunds.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { maskedAccount, type RefundAccount } from '../../../../../shared/refunds/refund-account.ts';
import type { RefundSessionInfo } from '../../../../../shared/refunds/refund-session.ts';
import { BILLING_PAGE } from '../../../../../shared/site/site-pages.ts';
import { ApiError, callRoute } from '../../../lib/api-client.ts';
import { planLabel } from '../../../lib/plan-names.ts';
import {
  ACCOUNT_FIELDS,
  type AccountField,
  type AccountProblems,
  checkAccount,
  decisionFor,
  EMPTY_ACCOUNT,
  type RefundAccountDraft,
  refundWayKind,
  refusedAccountProblem,
} from '../../../lib/refund-ways.ts';
import {
  Checklist,
  clientCodeOf,
  ErrorSummary,
  type FieldProblem,
  firstUnticked,
  paymentTime,
  price,
  useTitle,
} from '../../checkout/index.ts';
import { saveRefundOutcome } from '../refund-outcome.ts';
import { ACCOUNT_FIELD_IDS, AccountFields } from './AccountFields.tsx';
import { RefundWayNote, SUPPORT_ADDRESS } from './RefundWayNote.tsx';
import '../../checkout/checkout.css';
import '../refunds.css';

/**
 * /payment/user-refund (site-and-payments.md section 2; issue 30): the estimate for a refund asked now,
 * how its money goes back (the one decision, shared/refunds/refund-ways.ts), the bank account where that
 * way needs one, the reason, the two agreements (not needed when the estimate is zero: that
 * unsubscribes), submit. Every problem of the form is shown at its field and summed up above it; the
 * bank's refusal of the account too. A refund no way can take offers no submit. Any other failure,
 * loading included, goes to the fail page with its codes.
 */
export function UserRefundPage({ lang, guid }: { lang: SiteLanguage; guid: string | undefined }) {
  const { t } = useTranslation('refund');
  useTitle(t('title'));
  const navigate = useNavigate();
  const fail = (error: unknown) =>
    navigate({
      to: '/$lang/payment/user-refund/fail',
      params: { lang },
      search: {
        code: clientCodeOf(error),
        ...(error instanceof ApiError && error.serverCode ? { cause: error.serverCode } : {}),
      },
    });
  const info = useQuery({
    queryKey: ['user-refund', guid],
    queryFn: async () => (await callRoute(userRefundInfo, { guid: guid ?? '' })).result,
    enabled: Boolean(guid),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  useEffect(() => {
    if (!guid) navigate({ to: '/$lang/payment/user-refund/fail', params: { lang }, search: { code: 'L17' } });
  }, [guid, lang, navigate]);
  useEffect(() => {
    if (info.error) fail(info.error);
  });

  const session = info.data;
  if (!session || !guid) return <main className="order-page" aria-busy="true" />;
  return <RefundForm lang={lang} guid={guid} session={session} onFailure={fail} />;
}

function RefundForm({
  lang,
  guid,
  session,
  onFailure,
}: {
  lang: SiteLanguage;
  guid: string;
  session: RefundSessionInfo;
  onFailure: (error: unknown) => void;
}) {
  const { t } = useTranslation('refund');
  const navigate = useNavigate();
  const zero = session.estimatedRefundPrice === 0;
  const decision = decisionFor(session, session.estimatedRefundPrice);
  const way = decision.ways[0];
  const needsAccount = !zero && way?.account === 'required';
  const [reason, setReason] = useState('');
  const [agreed, setAgreed] = useState([false, false]);
  const [draft, setDraft] = useState<RefundAccountDraft>(EMPTY_ACCOUNT);
  const [problems, setProblems] = useState<{
    reason?: boolean;
    agreements?: boolean;
    account: AccountProblems;
  }>({ account: {} });
  const [shownAt, setShownAt] = useState(0);

  const refund = useMutation({
    mutationFn: (account: RefundAccount | undefined) =>
      callRoute(cancelPaymentUser, {
        guid,
        price: session.estimatedRefundPrice,
        reason: reason.trim(),
        refundSource: session.refundSource,
        ...(account ? { refundAccount: account } : {}),
        agreed: agreed.every(Boolean),
      }),
    onSuccess: ({ result }, account) => {
      if (result.kind === 'refunded') {
        const to = result.transferTo ?? (account ? maskedAccount(account) : undefined);
        saveRefundOutcome(guid, {
          amount: result.amount ?? session.estimatedRefundPrice,
          currency: session.currency,
          way: refundWayKind(
            { source: result.refundSource ?? session.refundSource, account: to ? 'required' : 'none' },
            session,
          ),
          ...(to ? { to: { bankCode: to.bankCode, accountMasked: to.accountMasked } } : {}),
        });
      }
      return navigate({
        to: '/$lang/payment/user-refund/success',
        params: { lang },
        search: { kind: result.kind, guid },
      });
    },
    onError: (error) => {
      // The bank refused the account: said at the field it is about, for the customer to correct.
      const refused =
        error instanceof ApiError && error.serverCode === 'REFUND_ACCOUNT_REFUSED'
          ? refusedAccountProblem(error.details.reason)
          : undefined;
      if (!refused) return onFailure(error);
      setProblems({ account: refused });
      setShownAt(Date.now());
    },
  });

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const checked = needsAccount ? checkAccount(draft) : undefined;
    const found = {
      reason: !reason.trim(),
      agreements: !zero && !agreed.every(Boolean),
      account: checked?.problems ?? {},
    };
    setProblems(found);
    if (found.reason || found.agreements || Object.keys(found.account).length) {
      setShownAt(Date.now());
      return;
    }
    refund.mutate(checked?.account);
  };
  const changeAccount = (field: AccountField, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
    // What the bank said of the account no longer holds once it is changed.
    setProblems((current) => {
      const { [field]: _changed, ...account } = current.account;
      return { ...current, account };
    });
  };

  const agreements = [0, 1].map((index) => ({
    key: String(index),
    label: t(`agreements.item${index + 1}`),
    checked: agreed[index] ?? false,
    onChange: (checked: boolean) =>
      setAgreed((current) => current.map((value, at) => (at === index ? checked : value))),
  }));
  const summary: FieldProblem[] = [
    ...ACCOUNT_FIELDS.flatMap((field) => {
      const problem = problems.account[field];
      return problem
        ? [{ key: field, targetId: ACCOUNT_FIELD_IDS[field], message: t(`account.problem.${problem}`) }]
        : [];
    }),
    ...(problems.reason ? [{ key: 'reason', targetId: 'refund-reason', message: t('reason_missing') }] : []),
    ...(problems.agreements
      ? [
          {
            key: 'agreements',
            targetId: firstUnticked('refund-agreements', agreements) ?? 'refund-agreements-0',
            message: t('agreement_missing'),
          },
        ]
      : []),
  ];
  // No way can take it: nothing to submit, only whom to write to.
  const refused = !zero && (Boolean(decision.refusal) || !way);
  return (
    <main className="order-page">
      <h1>{t('title')}</h1>
      <ErrorSummary
        id="refund-error-summary"
        title={t('summary_title')}
        problems={summary}
        focusRequest={shownAt}
      />
      <form onSubmit={onSubmit} noValidate>
        <section className="order-section" aria-labelledby="refund-estimate-title">
          <h2 id="refund-estimate-title">{t('estimate.title')}</h2>
          <dl className="refund-estimate">
            <dt>{t('estimate.plan')}</dt>
            <dd data-testid="refund-plan">{planLabel(t, session)}</dd>
            <dt>{t('estimate.paid_at')}</dt>
            <dd>{paymentTime(session.paidAt, lang)}</dd>
            <dt>{t('estimate.price')}</dt>
            <dd className="refund-figure">{price(session.price, session.currency)}</dd>
            <dt>{t(session.isDaily ? 'estimate.used_days' : 'estimate.used_months')}</dt>
            <dd data-testid="refund-used">{session.usedPeriod}</dd>
            <dt>{t('estimate.kind')}</dt>
            <dd>{t(session.isFullRefund ? 'estimate.full' : 'estimate.partial')}</dd>
            <dt>{t('estimate.amount')}</dt>
            <dd className="refund-figure" data-testid="refund-amount">
              {price(session.estimatedRefundPrice, session.currency)}
            </dd>
          </dl>
          {zero ? <p className="order-helper">{t('estimate.zero')}</p> : null}
        </section>
        {zero ? null : <RefundWayNote decision={decision} payment={session} />}
        {refused ? null : (
          <>
            {needsAccount ? (
              <AccountFields draft={draft} problems={problems.account} onChange={changeAccount} />
            ) : null}
            <section className="order-section" aria-labelledby="refund-reason-title">
              <h2 id="refund-reason-title">{t('reason.title')}</h2>
              <div className="refund-reason">
                <label htmlFor="refund-reason">{t('reason.label')}</label>
                <textarea
                  id="refund-reason"
                  value={reason}
                  maxLength={500}
                  rows={4}
                  aria-invalid={Boolean(problems.reason)}
                  aria-describedby={problems.reason ? 'refund-reason-error' : undefined}
                  onChange={(event) => setReason(event.target.value)}
                />
                {problems.reason ? (
                  <p id="refund-reason-error" className="field-error">
                    {t('reason_missing')}
                  </p>
                ) : null}
              </div>
            </section>
            {zero ? null : (
              <Checklist
                id="refund-agreements"
                title={t('agreements.title')}
                items={agreements}
                error={problems.agreements ? t('agreement_missing') : undefined}
              />
            )}
            <button type="submit" className="button" disabled={refund.isPending}>
              {t(zero ? 'submit_unsubscribe' : 'submit')}
            </button>
          </>
        )}
      </form>
      {refused ? (
        <p className="refund-actions">
          <a className="button" href={`mailto:${SUPPORT_ADDRESS}`}>
            {t('fail.support')}
          </a>
          <a className="button button-outline" href={`/${lang}${BILLING_PAGE}`}>
            {t('fail.billing')}
          </a>
        </p>
      ) : null}
    </main>
  );
}
