import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import type { TFunction } from 'i18next';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView, AuditFilter } from '../../../../../shared/api/audit.ts';
import { AUDIT_KINDS } from '../../../../../shared/audit/audit-kinds.ts';
import { CodeLabel } from '../../../components/console/CodeLabel.tsx';
import { FilterField } from '../../../components/console/list/FilterField.tsx';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import { identifier, kstTime, labelled } from '../../../components/console/list/list-columns.tsx';
import { useListFilters } from '../../../components/console/list/list-filters.ts';
import { LABEL_TABLES, type LabelKind } from '../../../lib/labels/label-tables.ts';
import { anyCodeLabel, codeLabel, planNameLabel, roleLabel } from '../../../lib/labels/labels.ts';
import { useAuditList } from '../api/audit.ts';

const column = createColumnHelper<AuditEntryView>();

/** An entry's changes as lines `field: before → after`, JSON values as recorded (the CSV's column). */
export function changesText(entry: Pick<AuditEntryView, 'changes'>): string {
  return entry.changes
    .map((change) => `${change.field}: ${change.before ?? '∅'} → ${change.after ?? '∅'}`)
    .join('\n');
}

/** Recorded fields whose values are codes of a label table: shown by their labels. */
const FIELD_CODES: Partial<Record<string, LabelKind>> = {
  role: 'role',
  staffRole: 'role',
  status: 'staffStatus',
  payMethod: 'payMethod',
  pg: 'pg',
  planStatus: 'planStatus',
  paymentType: 'paymentType',
  refundSource: 'refundSource',
  refundWay: 'refundWay',
  recommendedWay: 'refundWay',
  paidVia: 'handRefundMeans',
  actionType: 'surveyActionType',
  referralType: 'referralType',
  planType: 'planType',
  period: 'planPeriod',
  state: 'taxInvoiceState',
  mark: 'taxInvoiceState',
  timing: 'invoiceTiming',
  failure: 'invoiceFailure',
};

/**
 * A recorded value (JSON text, cut at 2,000 characters, so possibly not JSON any more) as a person reads
 * it: a code by its label (its field's table, else the table that has it: a field FIELD_CODES does not
 * know yet still shows no bare code), one word as written, several (a reason a person typed) in quotation
 * marks, yes or no, numbers grouped, a list or an object as its items (the fields inside in code).
 */
function shownValue(t: TFunction, field: string, recorded: string | undefined): ReactNode {
  if (recorded === undefined) return t('change.none');
  // Not JSON: a value recorded as plain text, or JSON cut short; shown as text, a code in it by its name.
  let value: unknown = recorded;
  try {
    value = JSON.parse(recorded);
  } catch {}
  const show = (item: unknown, key: string): ReactNode => {
    if (item === null || item === undefined || item === '') return t('change.none');
    if (typeof item === 'boolean') return t(item ? 'change.yes' : 'change.no');
    if (typeof item === 'number') return item.toLocaleString();
    if (typeof item === 'string') {
      if (key === 'planName') return planNameLabel(t, item);
      // The field's table when it has the code (a field's name means other things in other calls).
      const kind = FIELD_CODES[key];
      const codes: readonly string[] = kind ? LABEL_TABLES[kind].codes : [];
      if (kind && codes.includes(item)) return codeLabel(t, kind, item);
      // Words a person typed (an operator's reason) are quoted as written; a single word is shown as it is.
      return anyCodeLabel(t, item) ?? (/\s/.test(item.trim()) ? <q>{item}</q> : item);
    }
    const parts: [string, ReactNode][] = Array.isArray(item)
      ? item.map((one, index) => [String(index), show(one, key)])
      : Object.entries(item as Record<string, unknown>).map(([name, one]) => [
          name,
          // A field inside a value is named as the change's own fields are: as the record has it, in code.
          <>
            <code>{name}</code>: {show(one, name)}
          </>,
        ]);
    return parts.map(([name, part], index) => (
      <Fragment key={name}>
        {index > 0 && ', '}
        {part}
      </Fragment>
    ));
  };
  return show(value, field);
}

/** An entry's changes as fields: each field's name, then its value before and after. */
export function Changes({ entry }: { entry: Pick<AuditEntryView, 'changes'> }) {
  const { t } = useTranslation('console-audit');
  if (!entry.changes.length) return null;
  return (
    <dl className="console-audit-changes">
      {entry.changes.map((change) => (
        <div key={change.field}>
          <dt>
            <code>{change.field}</code>
          </dt>
          <dd>
            {shownValue(t, change.field, change.before)} → {shownValue(t, change.field, change.after)}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The audit trail (issue 27): who did what to which target, the fields before and after, when (KST), from
 * which address and request. Its filters (staff member, target, kind, KST days) live in the address; a
 * kind or a target in a row filters by it. Kinds and roles are shown by their names in the console's
 * language, a kind's route name beside it for support. Pages and CSV as every console list.
 */
export function AuditList({
  filter,
  onFilter,
}: {
  filter: AuditFilter;
  onFilter: (filter: AuditFilter) => void;
}) {
  const { t, i18n } = useTranslation('console-audit');
  const filters = useListFilters(filter, onFilter);
  const list = useAuditList(filter);
  const kindLabel = (kind: string) => codeLabel(t, 'auditKind', kind);
  const kinds = [...AUDIT_KINDS].sort((a, b) => kindLabel(a).localeCompare(kindLabel(b), i18n.language));
  const columns = [
    column.accessor('at', { header: t('column.at'), ...kstTime('yyyy-MM-dd HH:mm:ss') }),
    column.accessor('staffEmail', { header: t('column.staff'), ...identifier }),
    column.accessor('staffRole', {
      header: t('column.role'),
      ...labelled((role: string) => roleLabel(t, role)),
    }),
    column.accessor('kind', {
      header: t('column.kind'),
      cell: (cell) => (
        <Link to="." search={{ ...filter, kind: cell.getValue() }}>
          <CodeLabel label={kindLabel(cell.getValue())} code={cell.getValue()} />
        </Link>
      ),
      meta: { kind: 'code', csv: labelled(kindLabel, { withCode: true }).meta.csv },
    }),
    column.accessor('outcome', {
      header: t('column.outcome'),
      cell: (cell) => (
        <CodeLabel label={codeLabel(t, 'auditOutcome', cell.getValue())} code={cell.row.original.errorCode} />
      ),
      meta: {
        kind: 'code',
        csv: (outcome: string, row: AuditEntryView) =>
          `${codeLabel(t, 'auditOutcome', outcome)}${row.errorCode ? ` (${row.errorCode})` : ''}`,
      },
    }),
    column.accessor('targetId', {
      header: t('column.target'),
      cell: (cell) =>
        cell.getValue() ? (
          <Link to="." search={{ ...filter, target: cell.getValue() }}>
            {cell.getValue()}
          </Link>
        ) : null,
      meta: { kind: 'id', csv: (target: string | undefined) => target ?? '' },
    }),
    column.accessor((row) => changesText(row), {
      id: 'changes',
      header: t('column.changes'),
      cell: (cell) => <Changes entry={cell.row.original} />,
      meta: { kind: 'longtext' },
    }),
    column.accessor('sourceAddress', { header: t('column.address'), ...identifier }),
    column.accessor('requestId', { header: t('column.request'), ...identifier }),
  ];
  return (
    <>
      <form className="console-form console-card console-filters" noValidate>
        <FilterField filters={filters} name="staff" label={t('filter.staff')} />
        <FilterField filters={filters} name="target" label={t('filter.target')} />
        <div className="console-field">
          <label htmlFor="audit-kind">{t('filter.kind')}</label>
          <select
            id="audit-kind"
            value={filters.draft.kind ?? ''}
            onChange={(event) => filters.change('kind', event.target.value || undefined)}
          >
            <option value="">{t('filter.any_kind')}</option>
            {kinds.map((kind) => (
              <option key={kind} value={kind}>
                {kindLabel(kind)}
              </option>
            ))}
          </select>
        </div>
        <FilterField filters={filters} name="from" label={t('filter.from')} type="date" />
        <FilterField filters={filters} name="to" label={t('filter.to')} type="date" />
      </form>
      <section className="console-card">
        <ListTable
          list={list}
          columns={columns}
          caption={t('list.caption')}
          exportName="audit"
          getRowId={(row) => row.entryId}
        />
      </section>
    </>
  );
}
