import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteDefinition } from '../../../../../shared/api/define-route.ts';
import type { PlanChangeOption, PlanChangeView } from '../../../../../shared/api/plan-change.ts';
import { adminCancelPlanChange, adminSchedulePlanChange } from '../../../../../shared/api/plan-change.ts';
import { formatPrice } from '../../../../../shared/currency.ts';
import { CodeLabel } from '../../../components/console/CodeLabel.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { FormField } from '../../../components/console/FormField.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { notify } from '../../../components/console/toast.ts';
import { roleCanCall } from '../../../lib/console/console-session.ts';
import type { UserDetailSectionProps } from '../../../lib/console/user-detail-section.ts';
import { useAccountPlanChange, useChangeAccountPlan } from '../api/plan-change.ts';
import '../plan-change.css';

/** The console's own words for the refusals the domain shares with the customer's routes. */
const ERROR_TEXTS = {
  conflict: 'console-plan-change:error.conflict',
  not_found: 'console-plan-change:error.not_found',
};

/**
 * The user detail's change of plan at the next renewal (issue 33): the subscription, the change the
 * customer (or finance) scheduled, and the plans it may renew into with what the renewal would charge;
 * a member of finance schedules or cancels one for the customer (the customer is told by mail, the call
 * is in the audit trail). Another role sees the buttons disabled, saying which role they need.
 */
export function PlanChangeSection({ info }: UserDetailSectionProps) {
  const { t } = useTranslation('console-plan-change');
  const uid = info.user.uid;
  const view = useAccountPlanChange(uid);
  const change = useChangeAccountPlan(uid);
  const [picked, setPicked] = useState('');
  const act = (choice: { planName: string } | 'cancel') =>
    change.mutate(choice, {
      onSuccess: () => {
        setPicked('');
        notify.success(t('console-shell:toast.update_success'));
      },
    });
  const data = view.data;
  return (
    <section className="console-card" aria-labelledby="plan-change-title">
      <h2 id="plan-change-title">{t('title')}</h2>
      <ErrorNote error={view.error} />
      {data === null ? <p>{t('no_plan')}</p> : null}
      {data ? (
        <>
          <dl className="console-details">
            <dt>{t('field.plan')}</dt>
            <dd>
              <PlanName plan={data} name={data.planName} />
            </dd>
            <dt>{t('field.renews_at')}</dt>
            <dd className="console-plan-change-whole">
              <KstTime ms={data.renewsAt} />
            </dd>
            <dt>{t('field.last_charge')}</dt>
            <dd className="console-plan-change-whole">{formatPrice(data.lastCharge, data.currency)}</dd>
            {data.refusal ? (
              <>
                <dt>{t('field.refusal')}</dt>
                <dd>{t(`refusal.${data.refusal}`)}</dd>
              </>
            ) : null}
          </dl>
          <h3>{t('scheduled.title')}</h3>
          {data.scheduled ? <Scheduled change={data} /> : <p>{t('scheduled.none')}</p>}
          {data.scheduled?.open ? (
            <div className="console-actions">
              <WriteButton
                route={adminCancelPlanChange}
                busy={change.isPending}
                onClick={() => act('cancel')}
              >
                {t('cancel')}
              </WriteButton>
            </div>
          ) : null}
          {data.options.length ? (
            <form
              className="console-form"
              onSubmit={(event) => {
                event.preventDefault();
                if (picked) act({ planName: picked });
              }}
            >
              <FormField label={t('choose')}>
                <select value={picked} onChange={(event) => setPicked(event.target.value)}>
                  <option value="">{t('choose_placeholder')}</option>
                  {data.options.map((option) => (
                    <option
                      key={option.planName}
                      value={option.planName}
                      disabled={Boolean(option.refusal) || option.planName === data.scheduled?.planName}
                    >
                      {optionText(t, option, data)}
                    </option>
                  ))}
                </select>
              </FormField>
              <WriteButton route={adminSchedulePlanChange} busy={change.isPending || !picked} submit>
                {t('schedule')}
              </WriteButton>
            </form>
          ) : null}
          <ErrorNote error={change.error} texts={ERROR_TEXTS} />
        </>
      ) : null}
    </section>
  );
}

function Scheduled({ change }: { change: PlanChangeView }) {
  const { t } = useTranslation('console-plan-change');
  const scheduled = change.scheduled;
  if (!scheduled) return null;
  return (
    <dl className="console-details" data-testid="console-plan-change-scheduled">
      <dt>{t('field.new_plan')}</dt>
      <dd>
        <PlanName plan={scheduled} name={scheduled.planName} />
      </dd>
      <dt>{t('field.amount')}</dt>
      <dd className="console-plan-change-whole">
        {formatPrice(scheduled.amount, change.currency)}
        {scheduled.raises ? ` (${t('raises')})` : ''}
      </dd>
      <dt>{t('field.scheduled_at')}</dt>
      <dd className="console-plan-change-whole">
        <KstTime ms={scheduled.scheduledAt} />
      </dd>
      <dt>{t('field.scheduled_by')}</dt>
      <dd>{t(`by.${scheduled.scheduledBy}`)}</dd>
      {scheduled.open ? null : (
        <>
          <dt>{t('field.state')}</dt>
          <dd>{t('closed')}</dd>
        </>
      )}
    </dl>
  );
}

/** A plan by its label in the operator's language, its code beside it (what the other tables show). */
function PlanName({ plan, name }: { plan: Pick<PlanChangeView, 'planType' | 'period'>; name: string }) {
  const { t } = useTranslation('console-plan-change');
  return (
    <CodeLabel label={`${t(`plan_type.${plan.planType}`)} · ${t(`period.${plan.period}`)}`} code={name} />
  );
}

function optionText(
  t: (key: string, values?: Record<string, unknown>) => string,
  option: PlanChangeOption,
  view: PlanChangeView,
): string {
  const plan = `${t(`plan_type.${option.planType}`)} · ${t(`period.${option.period}`)}`;
  if (option.refusal || option.amount === undefined)
    return `${plan} — ${t(`refusal.${option.refusal ?? 'cannot-renew'}`)}`;
  const amount = formatPrice(option.amount, view.currency);
  const partner = option.partnerPercent ? ` (${t('partner', { percent: option.partnerPercent })})` : '';
  return `${plan} — ${amount}${partner}${option.raises ? ` (${t('raises')})` : ''}`;
}

/** A write of finance's: disabled, saying the role it needs, for a member whose role may not call it. */
function WriteButton({
  route,
  busy,
  submit,
  onClick,
  children,
}: {
  route: RouteDefinition;
  busy: boolean;
  submit?: boolean;
  onClick?: () => void;
  children: string;
}) {
  const { t } = useTranslation('console-shell');
  const allowed = roleCanCall(route);
  return (
    <button
      type={submit ? 'submit' : 'button'}
      className="console-button"
      disabled={!allowed || busy}
      title={allowed ? undefined : t('role.needs', { role: t(`role.${route.role}`) })}
      onClick={onClick}
    >
      {children}
    </button>
  );
}
