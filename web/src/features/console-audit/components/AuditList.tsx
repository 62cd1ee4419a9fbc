import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { AuditEntryView, AuditFilter } from '../../../../../shared/api/audit.ts';
import { AUDIT_EVENTS } from '../../../../../shared/audit/audit-trail.ts';
import { FilterField } from '../../../components/console/list/FilterField.tsx';
import { ListTable } from '../../../components/console/list/ListTable.tsx';
import { kstTime, shownAs } from '../../../components/console/list/list-columns.tsx';
import { useListFilters } from '../../../components/console/list/list-filters.ts';
import { useAuditList } from '../api/audit.ts';

const column = createColumnHelper<AuditEntryView>();
const EVENTS: ReadonlySet<string> = new Set(AUDIT_EVENTS);

/** An entry's changes as lines `field: before → after` (JSON values as recorded). */
export function changesText(entry: Pick<AuditEntryView, 'changes'>): string {
  return entry.changes
    .map((change) => `${change.field}: ${change.before ?? '∅'} → ${change.after ?? '∅'}`)
    .join('\n');
}

/**
 * The audit trail (issue 27): who did what to which target, the fields before and after, when (KST), from
 * which address and request. Its filters (staff member, target, kind, KST days) live in the address; a
 * kind or a target in a row filters by it. Pages and CSV as every console list.
 */
export function AuditList({
  filter,
  onFilter,
}: {
  filter: AuditFilter;
  onFilter: (filter: AuditFilter) => void;
}) {
  const { t } = useTranslation('console-audit');
  const filters = useListFilters(filter, onFilter);
  const list = useAuditList(filter);
  const kindLabel = (kind: string) => (EVENTS.has(kind) ? t(`event.${kind}`) : kind);
  const columns = [
    column.accessor('at', { header: t('column.at'), ...kstTime('yyyy-MM-dd HH:mm:ss') }),
    column.accessor('staffEmail', { header: t('column.staff') }),
    column.accessor('staffRole', { header: t('column.role') }),
    column.accessor('kind', {
      header: t('column.kind'),
      cell: (cell) => (
        <Link to="." search={{ ...filter, kind: cell.getValue() }}>
          {kindLabel(cell.getValue())}
        </Link>
      ),
      meta: { csv: (kind: string) => kind },
    }),
    column.accessor('outcome', {
      header: t('column.outcome'),
      ...shownAs((outcome: string, row: AuditEntryView) =>
        row.errorCode ? `${t(`outcome.${outcome}`)} (${row.errorCode})` : t(`outcome.${outcome}`),
      ),
    }),
    column.accessor('targetId', {
      header: t('column.target'),
      cell: (cell) =>
        cell.getValue() ? (
          <Link to="." search={{ ...filter, target: cell.getValue() }}>
            {cell.getValue()}
          </Link>
        ) : null,
      meta: { csv: (target: string | undefined) => target ?? '' },
    }),
    column.accessor((row) => changesText(row), {
      id: 'changes',
      header: t('column.changes'),
      cell: (cell) => <pre className="console-audit-changes">{cell.getValue()}</pre>,
    }),
    column.accessor('sourceAddress', { header: t('column.address') }),
    column.accessor('requestId', { header: t('column.request') }),
  ];
  return (
    <>
      <form className="console-form console-card console-filters" noValidate>
        <FilterField filters={filters} name="staff" label={t('filter.staff')} />
        <FilterField filters={filters} name="target" label={t('filter.target')} />
        <FilterField filters={filters} name="kind" label={t('filter.kind')} />
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
