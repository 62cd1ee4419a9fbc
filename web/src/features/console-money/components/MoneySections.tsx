import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
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
import { FREE_COUNTERS, PAID_COUNTERS } from '../../../../../shared/usage/usage-rules.ts';
import { type UserDetailAction, userDetailActions } from '../../../../../shared/users/user-plan-actions.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { kstTime, shownAs } from '../../../components/console/list/list-columns.tsx';
import { roleCanCall } from '../../../lib/console/console-session.ts';
import type { UserDetailSectionProps } from '../../../lib/console/user-detail-section.ts';
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
          <span key={name} style={{ display: 'contents' }}>
            <dt>{t(`counter.${name}`)}</dt>
            <dd>{value(name, count)}</dd>
          </span>
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
        {t('valid_plan')}: <strong data-testid="valid-plan">{info.validPlan}</strong>
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
  const time = (ms: number | undefined) => <KstTime ms={ms} />;
  const columns = [
    planColumn.accessor('created', {
      header: () => t('field.created'),
      cell: (cell) => time(cell.getValue()),
    }),
    planColumn.accessor('planName', { header: () => t('field.plan_name') }),
    planColumn.accessor('paidAt', {
      header: () => t('field.paid_at'),
      cell: (cell) => time(cell.getValue()),
    }),
    planColumn.accessor('expiredAt', {
      header: () => t('field.expired_at'),
      cell: (cell) => time(cell.getValue()),
    }),
    planColumn.accessor('planStatus', { header: () => t('field.plan_status') }),
    planColumn.accessor('customerUid', { header: () => t('field.customer_uid') }),
  ];
  return (
    <section className="console-card" aria-labelledby="plans-title">
      <h2 id="plans-title">{t('plans_title')}</h2>
      <DataTable data={info.plans} columns={columns} caption={t('plans_title')} height={240} />
    </section>
  );
}

/** The payment columns, shared by the user detail and the payment search. */
export function usePaymentColumns() {
  const { t } = useTranslation('console-payments');
  return [
    paymentColumn.accessor('paidAt', { header: t('field.paid_at'), ...kstTime() }),
    paymentColumn.accessor('planName', { header: t('field.plan_name') }),
    paymentColumn.accessor('payMethod', { header: t('field.pay_method') }),
    paymentColumn.accessor('pg', { header: t('field.pg') }),
    paymentColumn.accessor('price', {
      header: t('field.price'),
      ...shownAs((price: number, row: AdminPaymentRow) => `${price.toLocaleString()} ${row.currency}`),
    }),
    paymentColumn.accessor('cancelledAmount', {
      header: t('field.cancelled_amount'),
      ...shownAs((amount: number, row: AdminPaymentRow) => `${amount.toLocaleString()} ${row.currency}`),
    }),
    paymentColumn.accessor('userName', { header: t('field.user_name') }),
    paymentColumn.accessor('userEmail', { header: t('field.user_email') }),
    paymentColumn.accessor('userPhone', { header: t('field.user_phone') }),
    paymentColumn.accessor('status', { header: t('field.status') }),
    paymentColumn.accessor('cashReceipt', {
      header: t('field.cash_receipt'),
      ...shownAs((receipt: AdminPaymentRow['cashReceipt']) =>
        receipt
          ? `${t(`cash_receipt.${receipt.state}`)}${receipt.approvalNumber ? ` ${receipt.approvalNumber}` : ''}`
          : '',
      ),
    }),
    paymentColumn.accessor('merchantUid', { header: t('field.merchant_uid') }),
    paymentColumn.accessor('customerUid', { header: t('field.customer_uid') }),
    paymentColumn.accessor('impUid', { header: t('field.imp_uid') }),
    paymentColumn.accessor('paymentType', { header: t('field.payment_type') }),
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
