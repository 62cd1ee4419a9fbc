import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { adminCustomPlanCreate } from '../../../../../shared/api/custom-plans.ts';
import type { RouteDefinition } from '../../../../../shared/api/define-route.ts';
import { adminDirectDepositCreate } from '../../../../../shared/api/direct-deposits.ts';
import {
  type AdminPaymentRow,
  type AdminPlanRow,
  adminPaymentProgressList,
  updateUserContactInfo,
} from '../../../../../shared/api/payments.ts';
import { adminCancelPayment } from '../../../../../shared/api/refunds.ts';
import { adminScheduleCreate } from '../../../../../shared/api/schedules.ts';
import { reschedulePayment, unsubscribePayment } from '../../../../../shared/api/subscriptions.ts';
import { adminUsageList } from '../../../../../shared/api/usage.ts';
import {
  DIRECT_DEPOSIT_CUSTOMER_UID,
  DIRECT_DEPOSIT_PAY_METHOD,
} from '../../../../../shared/direct-deposits/direct-deposit.ts';
import { FREE_COUNTERS, PAID_COUNTERS } from '../../../../../shared/usage/usage-rules.ts';
import { type UserDetailAction, userDetailActions } from '../../../../../shared/users/user-plan-actions.ts';
import { CodeLabel } from '../../../components/console/CodeLabel.tsx';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import {
  identifier,
  kstTime,
  labelled,
  money,
  shownAs,
} from '../../../components/console/list/list-columns.tsx';
import { roleCanCall } from '../../../lib/console/console-session.ts';
import type { UserDetailSectionProps } from '../../../lib/console/user-detail-section.ts';
import { codeLabel, payMethodLabel, pgLabel, planNameLabel } from '../../../lib/labels/labels.ts';
import { minutesAndSeconds } from './usage-format.ts';

/**
 * The money sections of the user detail (admin-console.md sections 2 to 4): the monthly counters, the
 * navigation buttons the plan-state rules allow, the plans, the payments and the payment contact.
 */
export function UsageCountersSection({ info }: UserDetailSectionProps) {
  const { t } = useTranslation('console-payments');
  const { usage } = info;
  const value = (name: string, count: number) =>
    name === 'sttMonthly' || name === 'paidSttMonthly' ? minutesAndSeconds(count, t) : count.toLocaleString();
  const group = (title: string, counters: Record<string, number>, lastUpdated: number | undefined) => (
    <div>
      <h3>{title}</h3>
      <dl className="console-details">
        {Object.entries(counters).map(([name, count]) => (
          <Fragment key={name}>
            <dt>{t(`counter.${name}`)}</dt>
            <dd>{value(name, count)}</dd>
          </Fragment>
        ))}
        <dt>{t('counter.last_updated')}</dt>
        <dd>{lastUpdated ? <KstTime ms={lastUpdated} /> : '-'}</dd>
      </dl>
    </div>
  );
  return (
    <section className="console-card" aria-labelledby="counters-title">
      <h2 id="counters-title">{t('counter.title')}</h2>
      <p>
        {t('valid_plan')}: <strong>{planNameLabel(t, info.validPlan)}</strong>{' '}
        <code className="console-code-aside" data-testid="valid-plan">
          {info.validPlan}
        </code>
      </p>
      {group(t('counter.free'), pick(usage.free, FREE_COUNTERS), usage.lastUpdatedMonthly)}
      {group(t('counter.paid'), pick(usage.paid, PAID_COUNTERS), usage.paidLastUpdatedMonthly)}
    </section>
  );
}

const pick = (counters: Record<string, number>, names: readonly string[]) =>
  Object.fromEntries(names.map((name) => [name, counters[name] ?? 0]));

/** The navigation buttons of section 4, shown or hidden by the latest plan's state. */
/**
 * The route each button's screen writes with: a member whose role may not call it sees the button disabled
 * (shared/staff/staff-roles.ts, from the routes' own declarations).
 */
const ACTION_ROUTES: Record<UserDetailAction, RouteDefinition> = {
  customPlan: adminCustomPlanCreate,
  usages: adminUsageList,
  paymentProgress: adminPaymentProgressList,
  directDeposit: adminDirectDepositCreate,
  directDepositSchedule: adminScheduleCreate,
  unsubscribe: unsubscribePayment,
  resubscribe: reschedulePayment,
  userContactInfo: updateUserContactInfo,
  refund: adminCancelPayment,
};

export function UserActionsSection({ info }: UserDetailSectionProps) {
  const { t } = useTranslation('console-payments');
  const actions = userDetailActions({
    user: info.user,
    plans: info.plans,
    hasPayments: info.payments.length > 0,
    now: info.checkedAt,
  });
  return (
    <section className="console-card" aria-labelledby="user-actions-title">
      <h2 id="user-actions-title">{t('actions.title')}</h2>
      <nav className="console-actions" aria-label={t('actions.title')}>
        {actions.map(({ action, path }) =>
          roleCanCall(ACTION_ROUTES[action]) ? (
            <Link key={action} to={path} className="console-button">
              {t(`actions.${action}`)}
            </Link>
          ) : (
            <button
              key={action}
              type="button"
              className="console-button"
              disabled
              title={t('console-shell:role.needs', {
                role: t(`console-shell:role.${ACTION_ROUTES[action].role}`),
              })}
            >
              {t(`actions.${action}`)}
            </button>
          ),
        )}
      </nav>
    </section>
  );
}

const planColumn = createColumnHelper<AdminPlanRow>();
const paymentColumn = createColumnHelper<AdminPaymentRow>();

export function PlansSection({ info }: UserDetailSectionProps) {
  const { t } = useTranslation('console-payments');
  const columns = [
    planColumn.accessor('created', { header: t('field.created'), ...kstTime() }),
    planColumn.accessor('planName', {
      header: t('field.plan_name'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    planColumn.accessor('paidAt', { header: t('field.paid_at'), ...kstTime() }),
    planColumn.accessor('expiredAt', { header: t('field.expired_at'), ...kstTime() }),
    // The states the specification and the runbook name: support quotes the code.
    planColumn.accessor('planStatus', {
      header: t('field.plan_status'),
      ...labelled((status: string) => codeLabel(t, 'planStatus', status), { withCode: true }),
    }),
    planColumn.accessor('customerUid', { header: t('field.customer_uid'), ...customerUidColumn(t) }),
  ];
  return (
    <section className="console-card" aria-labelledby="plans-title">
      <h2 id="plans-title">{t('plans_title')}</h2>
      <DataTable data={info.plans} columns={columns} caption={t('plans_title')} height={240} />
    </section>
  );
}

/** A billing key's id; a direct deposit's stand-in id is said as what it is. */
function customerUidColumn(t: TFunction) {
  const shown = (uid: string | undefined) =>
    uid === DIRECT_DEPOSIT_CUSTOMER_UID ? payMethodLabel(t, DIRECT_DEPOSIT_PAY_METHOD) : (uid ?? '');
  return {
    cell: (info: { getValue: () => string | undefined }) => {
      const uid = info.getValue();
      return uid === DIRECT_DEPOSIT_CUSTOMER_UID ? <CodeLabel label={shown(uid)} code={uid} /> : (uid ?? '');
    },
    meta: { kind: 'id' as const, csv: shown },
  };
}

/** The payment columns, shared by the user detail and the payment search. */
export function usePaymentColumns() {
  const { t } = useTranslation('console-payments');
  return [
    paymentColumn.accessor('paidAt', { header: t('field.paid_at'), ...kstTime() }),
    paymentColumn.accessor('planName', {
      header: t('field.plan_name'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    paymentColumn.accessor('price', { header: t('field.price'), ...money((row) => row.currency) }),
    paymentColumn.accessor('cancelledAmount', {
      header: t('field.cancelled_amount'),
      ...money((row) => row.currency),
    }),
    paymentColumn.accessor('status', {
      header: t('field.status'),
      ...labelled((status: string) => codeLabel(t, 'paymentStatus', status), { withCode: true }),
    }),
    paymentColumn.accessor('payMethod', {
      header: t('field.pay_method'),
      ...labelled((method: string) => payMethodLabel(t, method)),
    }),
    paymentColumn.accessor('pg', { header: t('field.pg'), ...labelled((pg: string) => pgLabel(t, pg)) }),
    paymentColumn.accessor('paymentType', {
      header: t('field.payment_type'),
      ...labelled((type: string) => codeLabel(t, 'paymentType', type)),
    }),
    paymentColumn.accessor('userName', { header: t('field.user_name') }),
    paymentColumn.accessor('userEmail', { header: t('field.user_email'), ...identifier }),
    paymentColumn.accessor('userPhone', { header: t('field.user_phone'), ...identifier }),
    paymentColumn.accessor('cashReceipt', {
      header: t('field.cash_receipt'),
      ...shownAs(
        (receipt: AdminPaymentRow['cashReceipt']) =>
          receipt
            ? `${codeLabel(t, 'cashReceiptState', receipt.state)}${receipt.approvalNumber ? ` ${receipt.approvalNumber}` : ''}`
            : '',
        'code',
      ),
    }),
    paymentColumn.accessor('merchantUid', { header: t('field.merchant_uid'), ...identifier }),
    paymentColumn.accessor('customerUid', { header: t('field.customer_uid'), ...customerUidColumn(t) }),
    paymentColumn.accessor('impUid', { header: t('field.imp_uid'), ...identifier }),
  ];
}

export function PaymentsSection({ info }: UserDetailSectionProps) {
  const { t } = useTranslation('console-payments');
  return (
    <section className="console-card" aria-labelledby="payments-title">
      <h2 id="payments-title">{t('payments_title')}</h2>
      <DataTable
        data={info.payments}
        columns={usePaymentColumns()}
        caption={t('payments_title')}
        height={240}
      />
    </section>
  );
}

export function ContactInfoSection({ info }: UserDetailSectionProps) {
  const { t } = useTranslation('console-payments');
  const contact = info.paymentContactInfo;
  return (
    <section className="console-card" aria-labelledby="contact-title">
      <h2 id="contact-title">{t('contact.title')}</h2>
      {contact ? (
        <dl className="console-details">
          <dt>{t('contact.name')}</dt>
          <dd>{contact.contactName}</dd>
          <dt>{t('contact.email')}</dt>
          <dd>{contact.contactEmail}</dd>
          <dt>{t('contact.phone')}</dt>
          <dd data-testid="contact-phone">{contact.contactPhoneNumber}</dd>
        </dl>
      ) : (
        <p>{t('console-shell:table.no_data')}</p>
      )}
    </section>
  );
}
