import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingPlan } from '../../../../../shared/api/billing.ts';
import { formatPrice } from '../../../../../shared/currency.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { Modal } from '../../../components/Modal.tsx';
import { planLabel } from '../../../lib/plan-names.ts';
import { useChooseRenewal } from '../api/choose-renewal.ts';
import { useBilling } from '../api/get-billing.ts';
import { type BillingFlow, useOpenFlow } from '../api/open-flow.ts';
import { billingDate, failureText } from '../format.ts';

/** The flows the page offers, in the order of their buttons. */
const FLOWS: readonly BillingFlow[] = ['changeCard', 'upgrade', 'eraser', 'refund'];

/** The plan: what it is, its state, the next charge and what it is charged to, and what can be done. */
export function PlanSection({ token, lang }: { token: string; lang: SiteLanguage }) {
  const { t } = useTranslation('billing');
  const billing = useBilling(token);
  const plan = billing.data?.plan;
  return (
    <section className="billing-section" aria-labelledby="billing-plan-title" aria-busy={billing.isPending}>
      <h2 id="billing-plan-title">{t('plan.title')}</h2>
      {billing.error ? <p role="alert">{failureText(t, billing.error)}</p> : null}
      {plan === null ? (
        <p>
          {t('plan.none')} <a href={`/${lang}/payment/pricepolicy`}>{t('plan.see_plans')}</a>
        </p>
      ) : null}
      {plan ? <PlanDetails plan={plan} token={token} lang={lang} /> : null}
    </section>
  );
}

function PlanDetails({ plan, token, lang }: { plan: BillingPlan; token: string; lang: SiteLanguage }) {
  const { t } = useTranslation('billing');
  const date = (ms: number) => billingDate(ms, lang);
  const openFlow = useOpenFlow(token, lang);
  const status = {
    active: t('plan.state.active'),
    cancels: t('plan.state.cancels', { date: date(plan.expiredAt) }),
    ends: t('plan.state.ends', { date: date(plan.expiredAt) }),
    'on-hold': t('plan.state.on_hold'),
  }[plan.state];
  return (
    <>
      <dl className="billing-facts">
        <dt>{t('plan.plan')}</dt>
        <dd>{planLabel(t, plan)}</dd>
        <dt>{t('plan.status')}</dt>
        <dd data-testid="billing-state">
          {status}
          {plan.holdReason ? (
            <span className="billing-note"> {t(`plan.hold_reason.${plan.holdReason}`)}</span>
          ) : null}
        </dd>
        <dt>{t('plan.next_charge')}</dt>
        <dd data-testid="billing-next-charge">
          {plan.nextCharge
            ? t('plan.next_charge_value', {
                date: date(plan.nextCharge.at),
                amount: formatPrice(plan.nextCharge.amount, plan.nextCharge.currency),
              })
            : t('plan.no_next_charge')}
        </dd>
        {plan.chargedTo ? (
          <>
            <dt>{t('plan.charged_to')}</dt>
            <dd>
              {plan.chargedTo.kind === 'wallet'
                ? t('plan.wallet')
                : [plan.chargedTo.cardName ?? t('plan.card'), plan.chargedTo.cardNumber]
                    .filter(Boolean)
                    .join(' ')}
            </dd>
          </>
        ) : null}
      </dl>
      <RenewalChoice plan={plan} token={token} lang={lang} />
      <div className="billing-actions">
        {FLOWS.filter((flow) => plan.actions[flow]).map((flow) => (
          <button
            key={flow}
            type="button"
            className="button button-outline"
            disabled={openFlow.isPending}
            onClick={() => openFlow.mutate(flow)}
          >
            {t(`actions.${flow}`)}
          </button>
        ))}
      </div>
      {openFlow.error ? <p role="alert">{failureText(t, openFlow.error)}</p> : null}
    </>
  );
}

/** Cancel at period end (after a confirmation) or resume, whichever the plan allows. */
function RenewalChoice({ plan, token, lang }: { plan: BillingPlan; token: string; lang: SiteLanguage }) {
  const { t } = useTranslation('billing');
  const [confirming, setConfirming] = useState(false);
  const choose = useChooseRenewal(token, lang);
  const cancel = () =>
    choose.mutate('cancel', {
      onSettled: () => setConfirming(false),
    });
  return (
    <div className="billing-renewal">
      {plan.actions.cancelRenewal ? (
        <button type="button" className="button button-outline" onClick={() => setConfirming(true)}>
          {t('renewal.cancel')}
        </button>
      ) : null}
      {plan.actions.resumeRenewal ? (
        <button
          type="button"
          className="button button-primary"
          disabled={choose.isPending}
          onClick={() => choose.mutate('resume')}
        >
          {t('renewal.resume')}
        </button>
      ) : null}
      {choose.error ? <p role="alert">{failureText(t, choose.error)}</p> : null}
      <Modal open={confirming} onClose={() => setConfirming(false)} labelledBy="billing-cancel-title">
        <h2 id="billing-cancel-title">{t('renewal.confirm_title')}</h2>
        <p>{t('renewal.confirm_text', { date: billingDate(plan.expiredAt, lang) })}</p>
        <div className="modal-actions">
          <button type="button" className="button button-outline" onClick={() => setConfirming(false)}>
            {t('renewal.keep')}
          </button>
          <button
            type="button"
            className="button button-primary"
            disabled={choose.isPending}
            onClick={cancel}
          >
            {t('renewal.confirm')}
          </button>
        </div>
      </Modal>
    </div>
  );
}
