import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaxInvoiceRow } from '../../../../../shared/api/tax-invoices.ts';
import { formatBusinessNumber } from '../../../../../shared/tax-documents/business-number.ts';
import {
  canMark,
  formatApprovalNumber,
  TAX_INVOICE_STATES,
} from '../../../../../shared/tax-invoices/tax-invoice-rules.ts';
import { FilterField } from '../../../components/console/list/FilterField.tsx';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import {
  identifier,
  kstTime,
  labelled,
  money,
  moneyText,
  shownAs,
} from '../../../components/console/list/list-columns.tsx';
import { useListFilters } from '../../../components/console/list/list-filters.ts';
import { useRowSelection } from '../../../components/console/list/list-selection.ts';
import { notify } from '../../../components/console/toast.ts';
import { codeLabel, payMethodLabel, planNameLabel } from '../../../lib/labels/labels.ts';
import { type TaxInvoiceFilter, useOpenTaxInvoicePdf, useTaxInvoiceList } from '../api/tax-invoices.ts';
import { MarkDialog, type Marking } from './MarkDialog.tsx';

const column = createColumnHelper<TaxInvoiceRow>();
/** What an amended invoice took off, as an accountant writes it: -₩100,000. */
const signedWon = (amount: number) => `${amount < 0 ? '-' : ''}${moneyText(Math.abs(amount), 'KRW')}`;
const PAY_METHODS = ['vbank', 'card', 'phone', 'kakaopay', 'naverpay', 'payco', 'naver_pay'];

/**
 * A month's tax invoices (KST), oldest payment first, filtered by state and pay method (in the address),
 * a page at a time, exported to CSV: each payment's 공급가액 and 세액, how it is issued, where it stands
 * (with the approval number, the deadline, why Popbill did not issue it), its amended invoices and the
 * PDF of what Popbill issued. One Popbill could not issue is marked issued by hand with the approval
 * number of an invoice issued elsewhere; several checked together can be marked cancelled.
 */
export function TaxInvoiceList({
  filter,
  onFilter,
}: {
  filter: TaxInvoiceFilter;
  onFilter: (filter: TaxInvoiceFilter) => void;
}) {
  const { t } = useTranslation('console-tax-invoices');
  const filters = useListFilters<Record<string, string | undefined>>(
    { month: filter.month, state: filter.state, payMethod: filter.payMethod },
    (next) => onFilter({ ...next, month: next.month || filter.month } as TaxInvoiceFilter),
  );
  const requests = useTaxInvoiceList(filter);
  const selection = useRowSelection();
  const [marking, setMarking] = useState<Marking>();
  const openPdf = useOpenTaxInvoicePdf();
  const pdfButton = (mgtKey: string, what: string) => (
    <button
      type="button"
      className="console-button secondary"
      aria-label={t('pdf_of', { what })}
      onClick={() => openPdf.mutate(mgtKey, { onError: (error) => notify.failure(t('pdf_failed'), error) })}
    >
      {t('pdf')}
    </button>
  );
  const amendmentText = (amendment: NonNullable<TaxInvoiceRow['amendments']>[number]) =>
    amendment.kind === 'cancellation'
      ? t('cancellation', { date: amendment.writeDate })
      : `${t('amendment', {
          amount: signedWon(amendment.total),
          state: codeLabel(t, 'invoiceDocumentState', amendment.state),
        })}${amendment.approvalNumber ? ` ${formatApprovalNumber(amendment.approvalNumber)}` : ''}`;
  const columns = [
    column.accessor('paidAt', { header: t('field.paid_at'), ...kstTime() }),
    column.accessor('state', {
      header: t('field.state'),
      ...labelled((state: string) => codeLabel(t, 'taxInvoiceState', state)),
    }),
    column.accessor('companyName', { header: t('field.company') }),
    column.accessor('businessNumber', {
      header: t('field.business_number'),
      ...shownAs(formatBusinessNumber, 'id'),
    }),
    column.accessor('representative', { header: t('field.representative') }),
    column.accessor('invoiceEmail', { header: t('field.invoice_email'), ...identifier }),
    column.accessor('address', { header: t('field.address'), meta: { kind: 'longtext' } }),
    column.accessor('businessType', { header: t('field.business_type') }),
    column.accessor('businessItem', { header: t('field.business_item') }),
    column.accessor('amount', { header: t('field.amount'), ...money((row) => row.currency) }),
    column.accessor('supplyCost', { header: t('field.supply_cost'), ...money((row) => row.currency) }),
    column.accessor('tax', { header: t('field.tax'), ...money((row) => row.currency) }),
    column.accessor('timing', {
      header: t('field.timing'),
      ...labelled((timing: string) => codeLabel(t, 'invoiceTiming', timing)),
    }),
    column.accessor('deadline', { header: t('field.deadline'), meta: { kind: 'date' } }),
    column.accessor(
      (row) =>
        row.failure
          ? `${codeLabel(t, 'invoiceFailure', row.failure)}${row.failureMessage ? `: ${row.failureMessage}` : ''}`
          : row.byHand
            ? t('by_hand')
            : '',
      { id: 'failure', header: t('field.failure'), meta: { kind: 'longtext' } },
    ),
    column.accessor((row) => (row.amendments ?? []).map(amendmentText).join(' / '), {
      id: 'amendments',
      header: t('field.amendments'),
      cell: (info) => {
        const row = info.row.original;
        return (row.amendments ?? []).map((amendment) => (
          <div key={amendment.mgtKey}>
            {amendmentText(amendment)}{' '}
            {amendment.approvalNumber ? pdfButton(amendment.mgtKey, amendmentText(amendment)) : null}
          </div>
        ));
      },
      meta: { kind: 'longtext' },
    }),
    column.accessor('payMethod', {
      header: t('field.pay_method'),
      ...labelled((method: string) => payMethodLabel(t, method)),
    }),
    column.accessor('planName', {
      header: t('field.plan'),
      ...labelled((plan: string) => planNameLabel(t, plan), { withCode: true }),
    }),
    column.accessor('merchantUid', { header: t('field.merchant_uid'), ...identifier }),
    column.accessor('uid', {
      header: t('field.user'),
      cell: (info) => (
        <Link to="/admin/users/$id/show" params={{ id: info.getValue() }}>
          {info.row.original.userEmail}
        </Link>
      ),
      meta: { kind: 'id', csv: (_: string, row: TaxInvoiceRow) => row.userEmail },
    }),
    column.accessor((row) => (row.approvalNumber ? formatApprovalNumber(row.approvalNumber) : ''), {
      id: 'approval_number',
      header: t('field.approval_number'),
      ...identifier,
    }),
    column.display({
      id: 'pdf',
      header: t('field.pdf'),
      cell: (info) => {
        const row = info.row.original;
        return row.mgtKey ? pdfButton(row.mgtKey, `${row.companyName} ${row.merchantUid}`) : null;
      },
    }),
    column.display({
      id: 'actions',
      header: t('field.actions'),
      cell: (info) => {
        const row = info.row.original;
        return canMark(row.state) ? (
          <button
            type="button"
            className="console-button"
            aria-label={`${t('issue.button')} ${row.merchantUid}`}
            onClick={() => setMarking({ mark: 'issued', rows: [row] })}
          >
            {t('issue.button')}
          </button>
        ) : null;
      },
    }),
  ];
  const waiting = (ids: readonly string[]) =>
    requests.rows.filter((row) => ids.includes(row.merchantUid) && canMark(row.state));
  return (
    <>
      <div className="console-card console-filters">
        <FilterField filters={filters} name="month" label={t('filter.month')} type="month" />
        <div className="console-field">
          <label htmlFor="tax-invoice-state">{t('filter.state')}</label>
          <select
            id="tax-invoice-state"
            value={filters.draft.state ?? ''}
            onChange={(event) => onFilter({ ...filter, state: (event.target.value || undefined) as never })}
          >
            <option value="">{t('filter.all')}</option>
            {TAX_INVOICE_STATES.map((state) => (
              <option key={state} value={state}>
                {codeLabel(t, 'taxInvoiceState', state)}
              </option>
            ))}
          </select>
        </div>
        <div className="console-field">
          <label htmlFor="tax-invoice-method">{t('filter.pay_method')}</label>
          <select
            id="tax-invoice-method"
            value={filters.draft.payMethod ?? ''}
            onChange={(event) => onFilter({ ...filter, payMethod: event.target.value || undefined })}
          >
            <option value="">{t('filter.all')}</option>
            {PAY_METHODS.map((method) => (
              <option key={method} value={method}>
                {payMethodLabel(t, method)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <ListTable
        list={requests}
        columns={columns}
        caption={t('title')}
        exportName={`tax-invoices-${filter.month}`}
        getRowId={(row) => row.merchantUid}
        selection={selection}
        bulkActions={[
          {
            label: t('cancel.bulk'),
            run: (ids) => {
              const rows = waiting(ids);
              if (rows.length) setMarking({ mark: 'cancelled', rows });
            },
          },
        ]}
      />
      {marking ? (
        <MarkDialog
          marking={marking}
          onClose={(done) => {
            setMarking(undefined);
            if (done) selection.clear();
          }}
        />
      ) : null}
    </>
  );
}
