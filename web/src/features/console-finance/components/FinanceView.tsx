import './finance.css';
import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FinanceTotalView, LedgerEntryView } from '../../../../../shared/api/finance.ts';
import { CURRENCIES, type Currency } from '../../../../../shared/currency.ts';
import {
  ALL_METHODS,
  isFinancePeriod,
  LEDGER_KINDS,
  type LedgerKind,
} from '../../../../../shared/finance/ledger.ts';
import { INVALID_DATE_FORMAT, kstToday } from '../../../../../shared/time/kst.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { ExportButton } from '../../../components/console/list/ExportButton.tsx';
import { FilterField } from '../../../components/console/list/FilterField.tsx';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import {
  count,
  identifier,
  kstTime,
  labelled,
  money,
  shownAs,
} from '../../../components/console/list/list-columns.tsx';
import { downloadCsv, exportFileName, listCsv } from '../../../components/console/list/list-export.ts';
import { useListFilters } from '../../../components/console/list/list-filters.ts';
import { useRowSelection } from '../../../components/console/list/list-selection.ts';
import { LABEL_TABLES } from '../../../lib/labels/label-tables.ts';
import {
  codeLabel,
  payMethodLabel,
  pgLabel,
  planNameLabel,
  refundSourceLabel,
} from '../../../lib/labels/labels.ts';
import { useFinanceLedger, useFinanceSummary } from '../api/finance-api.ts';

/** The finance view's filters, as the address keeps them. */
export type FinanceFilters = {
  /** A KST day `yyyy-MM-dd` or month `yyyy-MM`; this month when absent. */
  period?: string;
  /** Test payments too. */
  test?: boolean;
  kind?: LedgerKind;
  currency?: Currency;
  payMethod?: string;
};

export const thisMonth = () => kstToday().slice(0, 7);

/**
 * The finance view (issue 27, point 4): a KST day's or month's payments and refunds. Totals per
 * currency and pay method (gross, refunded, net, and the counts), exported as the accountant's CSV,
 * and the ledger's entries themselves a page at a time, filtered by kind, currency and pay method,
 * checked and exported, whole or the rows checked. A refund counts on the day it was given. The
 * filters live in the address.
 */
export function FinanceView({
  filters: applied,
  onFilters,
}: {
  filters: FinanceFilters;
  onFilters: (filters: FinanceFilters) => void;
}) {
  const { t } = useTranslation('console-finance');
  const filters = useListFilters(applied, onFilters);
  const period = applied.period ?? thisMonth();
  const readable = isFinancePeriod(period) && period >= '2000';
  const [unit, setUnit] = useState<'day' | 'month'>(period.length === 7 ? 'month' : 'day');
  // A period given from elsewhere (back, a link) brings its unit; typing keeps the unit chosen.
  useEffect(() => setUnit(period.length === 7 ? 'month' : 'day'), [period]);
  const unitId = useId();
  const includeTest = Boolean(applied.test);
  const summary = useFinanceSummary(readable ? period : undefined, includeTest);

  const changeUnit = (next: 'day' | 'month') => {
    setUnit(next);
    const shown = String(filters.draft.period ?? period);
    const month = /^\d{4}-\d{2}/.exec(shown)?.[0] ?? thisMonth();
    const today = kstToday();
    filters.change('period', next === 'month' ? month : today.startsWith(month) ? today : `${month}-01`);
  };

  return (
    <>
      <form className="console-card console-filters" aria-label={t('filters')} noValidate>
        <div className="console-field">
          <label htmlFor={unitId}>{t('period.unit')}</label>
          <select
            id={unitId}
            value={unit}
            onChange={(event) => changeUnit(event.target.value as 'day' | 'month')}
          >
            <option value="month">{t('period.month')}</option>
            <option value="day">{t('period.day')}</option>
          </select>
        </div>
        <FilterField
          filters={filters}
          name="period"
          type={unit === 'day' ? 'date' : 'month'}
          label={t(unit === 'day' ? 'period.day_field' : 'period.month_field')}
          fallback={period}
        />
        <label>
          <input
            type="checkbox"
            checked={Boolean(filters.draft.test)}
            onChange={(event) => filters.change('test', event.target.checked)}
          />{' '}
          {t('include_test')}
        </label>
      </form>
      {readable ? null : (
        <p className="field-error" role="alert">
          {t(INVALID_DATE_FORMAT)}
        </p>
      )}
      {readable ? (
        <>
          <FinanceTotals period={period} totals={summary.data?.totals} error={summary.error} />
          <FinanceLedger filters={filters} period={period} includeTest={includeTest} applied={applied} />
        </>
      ) : null}
    </>
  );
}

const totalColumn = createColumnHelper<FinanceTotalView>();

/** The totals per currency and pay method; each currency ends with its total over every method, in bold. */
function FinanceTotals({
  period,
  totals,
  error,
}: {
  period: string;
  totals: readonly FinanceTotalView[] | undefined;
  error: unknown;
}) {
  const { t } = useTranslation('console-finance');
  const amount = (key: 'gross' | 'refunded' | 'net') =>
    totalColumn.accessor(key, { header: t(`totals.${key}`), ...money((row) => row.currency) });
  const columns = [
    totalColumn.accessor('currency', { header: t('totals.currency'), ...identifier }),
    totalColumn.accessor('payMethod', {
      header: t('totals.pay_method'),
      ...labelled((method: string) => (method === ALL_METHODS ? t('totals.all') : payMethodLabel(t, method))),
    }),
    amount('gross'),
    amount('refunded'),
    amount('net'),
    totalColumn.accessor('payments', { header: t('totals.payments'), ...count() }),
    totalColumn.accessor('refunds', { header: t('totals.refunds'), ...count() }),
  ];
  const rows = totals ?? [];
  const caption = t('totals.title', { period });
  return (
    <section className="console-card" aria-labelledby="finance-totals-title">
      <div className="console-list-bar">
        <h2 id="finance-totals-title">{caption}</h2>
        <ExportButton name={`finance-totals-${period}`} columns={columns} readRows={() => rows} />
      </div>
      <ErrorNote error={error} />
      <DataTable
        data={rows}
        columns={columns}
        caption={caption}
        getRowId={(row) => `${row.currency}-${row.payMethod}`}
        rowClassName={(row) => (row.payMethod === ALL_METHODS ? 'console-total-row' : undefined)}
        height={420}
      />
    </section>
  );
}

const entryColumn = createColumnHelper<LedgerEntryView>();

function FinanceLedger({
  filters,
  period,
  includeTest,
  applied,
}: {
  filters: ReturnType<typeof useListFilters<FinanceFilters>>;
  period: string;
  includeTest: boolean;
  applied: FinanceFilters;
}) {
  const { t } = useTranslation('console-finance');
  const kindId = useId();
  const currencyId = useId();
  const payMethodId = useId();
  const list = useFinanceLedger(
    {
      period,
      includeTest,
      ...(applied.kind ? { kind: applied.kind } : {}),
      ...(applied.currency ? { currency: applied.currency } : {}),
      ...(applied.payMethod ? { payMethod: applied.payMethod } : {}),
    },
    true,
  );
  const selection = useRowSelection();
  const columns = [
    entryColumn.accessor('at', { header: t('ledger.at'), ...kstTime('yyyy-MM-dd HH:mm:ss') }),
    entryColumn.accessor('kind', {
      header: t('ledger.kind'),
      ...labelled((kind: string, row: LedgerEntryView) =>
        row.timeEstimated
          ? `${codeLabel(t, 'ledgerKind', kind)} (${t('ledger.estimated')})`
          : codeLabel(t, 'ledgerKind', kind),
      ),
    }),
    entryColumn.accessor('amount', {
      header: t('ledger.amount'),
      ...money((row) => row.currency),
    }),
    entryColumn.accessor('currency', { header: t('ledger.currency'), ...identifier }),
    entryColumn.accessor('payMethod', {
      header: t('ledger.pay_method'),
      ...labelled((method: string) => payMethodLabel(t, method)),
    }),
    entryColumn.accessor('pg', { header: t('ledger.pg'), ...labelled((pg: string) => pgLabel(t, pg)) }),
    entryColumn.accessor('refundSource', {
      header: t('ledger.refund_source'),
      ...labelled((source: string, row: LedgerEntryView) => refundSourceLabel(t, source, row)),
    }),
    entryColumn.accessor((entry) => entry.userEmail ?? entry.uid, {
      id: 'user',
      header: t('ledger.user'),
      cell: (info) => (
        <Link to="/admin/users/$id/show" params={{ id: info.row.original.uid }}>
          {info.getValue()}
        </Link>
      ),
      meta: { kind: 'id' },
    }),
    entryColumn.accessor('planName', {
      header: t('ledger.plan'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    entryColumn.accessor('paymentType', {
      header: t('ledger.payment_type'),
      ...labelled((type: string) => codeLabel(t, 'paymentType', type)),
    }),
    entryColumn.accessor('merchantUid', { header: t('ledger.merchant_uid'), ...identifier }),
    entryColumn.accessor((entry) => entry.impUid ?? entry.walletPaymentId ?? '', {
      id: 'providerId',
      header: t('ledger.provider_id'),
      ...identifier,
    }),
    entryColumn.accessor('isTest', {
      header: t('ledger.test'),
      ...shownAs((test: boolean) => (test ? t('yes') : t('no')), 'code'),
    }),
  ];
  const exportSelected = (ids: readonly string[]) => {
    const chosen = list.rows.filter((row) => ids.includes(row.entryId));
    downloadCsv(exportFileName(`finance-ledger-${period}-selected`, Date.now()), listCsv(columns, chosen));
  };
  return (
    <section className="console-card" aria-labelledby="finance-ledger-title">
      <h2 id="finance-ledger-title">{t('ledger.title', { period })}</h2>
      <form className="console-filters" aria-label={t('ledger.filters')} noValidate>
        <div className="console-field">
          <label htmlFor={kindId}>{t('ledger.kind')}</label>
          <select
            id={kindId}
            value={filters.draft.kind ?? ''}
            onChange={(event) =>
              filters.change('kind', (event.target.value || undefined) as LedgerKind | undefined)
            }
          >
            <option value="">{t('ledger.any')}</option>
            {LEDGER_KINDS.map((kind) => (
              <option key={kind} value={kind}>
                {codeLabel(t, 'ledgerKind', kind)}
              </option>
            ))}
          </select>
        </div>
        <div className="console-field">
          <label htmlFor={currencyId}>{t('ledger.currency')}</label>
          <select
            id={currencyId}
            value={filters.draft.currency ?? ''}
            onChange={(event) =>
              filters.change('currency', (event.target.value || undefined) as Currency | undefined)
            }
          >
            <option value="">{t('ledger.any')}</option>
            {CURRENCIES.map((currency) => (
              <option key={currency} value={currency}>
                {currency}
              </option>
            ))}
          </select>
        </div>
        <div className="console-field">
          <label htmlFor={payMethodId}>{t('ledger.pay_method')}</label>
          <select
            id={payMethodId}
            value={filters.draft.payMethod ?? ''}
            onChange={(event) => filters.change('payMethod', event.target.value || undefined)}
          >
            <option value="">{t('ledger.any')}</option>
            {LABEL_TABLES.payMethod.codes.map((method) => (
              <option key={method} value={method}>
                {payMethodLabel(t, method)}
              </option>
            ))}
          </select>
        </div>
      </form>
      <ListTable
        list={list}
        columns={columns}
        caption={t('ledger.title', { period })}
        exportName={`finance-ledger-${period}`}
        getRowId={(entry) => entry.entryId}
        rowLabel={(entry) => `${codeLabel(t, 'ledgerKind', entry.kind)} ${entry.merchantUid}`}
        selection={selection}
        bulkActions={[{ label: t('ledger.export_selected'), run: exportSelected }]}
      />
    </section>
  );
}
