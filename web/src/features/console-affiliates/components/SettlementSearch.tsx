import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type {
  PaymentSettlementSchema,
  SignUpSettlementSchema,
} from '../../../../../shared/api/affiliates.ts';
import { kstDayRange, kstToday } from '../../../../../shared/time/kst.ts';
import { type ColumnDef, DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { ExportButton } from '../../../components/console/list/ExportButton.tsx';
import { FilterField } from '../../../components/console/list/FilterField.tsx';
import {
  count,
  identifier,
  kstTime,
  labelled,
  money,
  shownAs,
} from '../../../components/console/list/list-columns.tsx';
import { useListFilters } from '../../../components/console/list/list-filters.ts';
import { planNameLabel } from '../../../lib/labels/labels.ts';
import { useSettlements } from '../api/affiliates.ts';

type SignUpRow = z.infer<typeof SignUpSettlementSchema>;
type PaymentRow = z.infer<typeof PaymentSettlementSchema>;
const signUpColumn = createColumnHelper<SignUpRow>();
const paymentColumn = createColumnHelper<PaymentRow>();

function isRange(from: string, to: string): boolean {
  try {
    kstDayRange(from, to);
    return true;
  } catch {
    return false;
  }
}

/** The range as the address keeps it (KST days); absent, this month so far. */
export type SettlementRange = { from?: string; to?: string };

/**
 * affiliateSettlement (sections 2, 3 and 5): a KST day range (this month by default; the end day is
 * included), applied as it is entered and kept in the address, and its two tables: the sign-ups
 * through affiliates' codes and the first three payments of the accounts they brought, each marked as
 * a target of the settlement or not. Each table exports to CSV.
 */
export function SettlementSearch({
  filter,
  onFilter,
}: {
  filter: SettlementRange;
  onFilter: (filter: SettlementRange) => void;
}) {
  const { t } = useTranslation('console-affiliates');
  const filters = useListFilters(filter, onFilter);
  const from = filter.from ?? `${kstToday().slice(0, 8)}01`;
  const to = filter.to ?? kstToday();
  const valid = isRange(from, to);
  const { signUps, payments } = useSettlements(valid ? { from, to } : undefined);
  const target = shownAs((value: boolean) => (value ? t('settlement.target') : ''));
  const signUpColumns = [
    signUpColumn.accessor('isTarget', { header: t('settlement.is_target'), ...target }),
    signUpColumn.accessor('affiliateName', { header: t('settlement.affiliate') }),
    signUpColumn.accessor('couponCode', { header: t('field.coupon_code') }),
    signUpColumn.accessor('uid', { header: t('settlement.uid'), ...identifier }),
    signUpColumn.accessor('emailVerified', {
      header: t('settlement.email_verified'),
      ...shownAs((verified: boolean) => (verified ? t('settlement.yes') : t('settlement.no'))),
    }),
    signUpColumn.accessor('created', { header: t('settlement.created'), ...kstTime() }),
    signUpColumn.accessor('rewardAmount', {
      id: 'reward',
      header: t('settlement.reward'),
      ...money((row) => row.rewardCurrency ?? ''),
    }),
  ];
  const paymentColumns = [
    paymentColumn.accessor('isTarget', { header: t('settlement.is_target'), ...target }),
    paymentColumn.accessor('affiliateName', { header: t('settlement.affiliate') }),
    paymentColumn.accessor('couponCode', { header: t('field.coupon_code') }),
    paymentColumn.accessor('uid', { header: t('settlement.uid'), ...identifier }),
    paymentColumn.accessor('impUid', { header: t('settlement.imp_uid'), ...identifier }),
    paymentColumn.accessor('planName', {
      header: t('settlement.plan'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    paymentColumn.accessor('price', { header: t('settlement.price'), ...money((row) => row.currency) }),
    paymentColumn.accessor('paidAt', { header: t('settlement.paid_at'), ...kstTime() }),
    paymentColumn.accessor('payNumber', { header: t('settlement.pay_number'), ...count() }),
    paymentColumn.accessor('paymentShareAmount', {
      header: t('settlement.share'),
      ...money((row) => row.currency),
    }),
  ];
  const table = <Row,>(
    id: string,
    title: string,
    rows: { data?: Row[] | undefined; error: unknown },
    // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
    columns: ColumnDef<Row, any>[],
  ) => (
    <section className="console-card" aria-labelledby={id}>
      <div className="console-page-title">
        <h2 id={id}>{title}</h2>
        <ExportButton name={id} columns={columns} readRows={() => rows.data ?? []} />
      </div>
      <ErrorNote error={rows.error} />
      <DataTable data={rows.data ?? []} columns={columns} caption={title} />
    </section>
  );
  return (
    <>
      <div className="console-filters console-card">
        <FilterField filters={filters} name="from" label={t('settlement.from')} type="date" fallback={from} />
        <FilterField filters={filters} name="to" label={t('settlement.to')} type="date" fallback={to} />
        {valid ? null : (
          <p role="alert" className="field-error">
            {t('validation.date')}
          </p>
        )}
      </div>
      {table('sign-up-settlements', t('settlement.sign_ups'), signUps, signUpColumns)}
      {table('payment-settlements', t('settlement.payments'), payments, paymentColumns)}
    </>
  );
}
