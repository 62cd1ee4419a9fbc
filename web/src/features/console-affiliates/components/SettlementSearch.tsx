import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type * as z from 'zod';
import type {
  PaymentSettlementSchema,
  SignUpSettlementSchema,
} from '../../../../../shared/api/admin-affiliates.ts';
import { kstDayRange, kstToday } from '../../../../../shared/time/kst.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstDateInput } from '../../../components/console/KstDateInput.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
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

/**
 * affiliateSettlement (sections 2, 3 and 5): a KST day range (this month by default; the end day is
 * included) and its two tables: the sign-ups through affiliates' codes and the first three payments of
 * the accounts they brought, each marked as a target of the settlement or not.
 */
export function SettlementSearch() {
  const { t } = useTranslation('console-affiliates');
  const [from, setFrom] = useState(() => `${kstToday().slice(0, 8)}01`);
  const [to, setTo] = useState(() => kstToday());
  const [range, setRange] = useState<{ from: string; to: string }>();
  const [problem, setProblem] = useState<string>();
  const { signUps, payments } = useSettlements(range);
  const target = (value: boolean) => (value ? t('settlement.target') : '');
  const time = (ms: number) => <KstTime ms={ms} />;
  const signUpColumns = [
    signUpColumn.accessor('isTarget', {
      header: () => t('settlement.is_target'),
      cell: (info) => target(info.getValue()),
    }),
    signUpColumn.accessor('affiliateName', { header: () => t('settlement.affiliate') }),
    signUpColumn.accessor('couponCode', { header: () => t('field.coupon_code') }),
    signUpColumn.accessor('uid', { header: () => t('settlement.uid') }),
    signUpColumn.accessor('emailVerified', {
      header: () => t('settlement.email_verified'),
      cell: (info) => (info.getValue() ? t('settlement.yes') : t('settlement.no')),
    }),
    signUpColumn.accessor('created', {
      header: () => t('settlement.created'),
      cell: (info) => time(info.getValue()),
    }),
    signUpColumn.accessor((row) => `${row.rewardAmount} ${row.rewardCurrency ?? ''}`, {
      id: 'reward',
      header: () => t('settlement.reward'),
    }),
  ];
  const paymentColumns = [
    paymentColumn.accessor('isTarget', {
      header: () => t('settlement.is_target'),
      cell: (info) => target(info.getValue()),
    }),
    paymentColumn.accessor('affiliateName', { header: () => t('settlement.affiliate') }),
    paymentColumn.accessor('couponCode', { header: () => t('field.coupon_code') }),
    paymentColumn.accessor('uid', { header: () => t('settlement.uid') }),
    paymentColumn.accessor('impUid', { header: () => t('settlement.imp_uid') }),
    paymentColumn.accessor('planName', { header: () => t('settlement.plan') }),
    paymentColumn.accessor((row) => `${row.price} ${row.currency}`, {
      id: 'price',
      header: () => t('settlement.price'),
    }),
    paymentColumn.accessor('paidAt', {
      header: () => t('settlement.paid_at'),
      cell: (info) => time(info.getValue()),
    }),
    paymentColumn.accessor('payNumber', { header: () => t('settlement.pay_number') }),
    paymentColumn.accessor('paymentShareAmount', { header: () => t('settlement.share') }),
  ];
  return (
    <>
      <form
        className="console-filters console-card"
        onSubmit={(event) => {
          event.preventDefault();
          if (!isRange(from, to)) return setProblem(t('validation.date'));
          setProblem(undefined);
          setRange({ from, to });
        }}
      >
        <div className="console-field">
          <label htmlFor="settlement-from">{t('settlement.from')}</label>
          <KstDateInput
            kind="date"
            id="settlement-from"
            value={from}
            onChange={(event) => setFrom(event.target.value)}
          />
        </div>
        <div className="console-field">
          <label htmlFor="settlement-to">{t('settlement.to')}</label>
          <KstDateInput
            kind="date"
            id="settlement-to"
            value={to}
            onChange={(event) => setTo(event.target.value)}
          />
        </div>
        <button type="submit" className="console-button">
          {t('settlement.search')}
        </button>
        {problem ? (
          <p role="alert" className="field-error">
            {problem}
          </p>
        ) : null}
      </form>
      {range ? (
        <>
          <section className="console-card" aria-labelledby="sign-up-settlements">
            <h2 id="sign-up-settlements">{t('settlement.sign_ups')}</h2>
            <ErrorNote error={signUps.error} />
            <DataTable data={signUps.data ?? []} columns={signUpColumns} caption={t('settlement.sign_ups')} />
          </section>
          <section className="console-card" aria-labelledby="payment-settlements">
            <h2 id="payment-settlements">{t('settlement.payments')}</h2>
            <ErrorNote error={payments.error} />
            <DataTable
              data={payments.data ?? []}
              columns={paymentColumns}
              caption={t('settlement.payments')}
            />
          </section>
        </>
      ) : null}
    </>
  );
}
