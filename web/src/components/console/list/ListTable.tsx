import './list.css';
import { useTranslation } from 'react-i18next';
import { type ColumnDef, DataTable } from '../DataTable.tsx';
import { ErrorNote } from '../ErrorNote.tsx';
import { ExportButton } from './ExportButton.tsx';
import type { RowSelection } from './list-selection.ts';
import type { PagedList } from './paged-list.ts';

/** A bulk action on the selected rows (it gets their ids). */
export interface BulkAction {
  label: string;
  run: (ids: readonly string[]) => void;
}

/**
 * A console list (issue 19): its rows read a page at a time (the next page when the last rows come
 * into view, or with Load more), the count of rows read, Export to CSV of the whole list, and, where
 * the list has bulk actions, a checkbox per row and the actions for the rows checked.
 */
export function ListTable<Row>({
  list,
  columns,
  caption,
  exportName,
  getRowId,
  rowLabel,
  onRowClick,
  height,
  selection,
  bulkActions = [],
}: {
  list: PagedList<Row>;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<Row, any>[];
  caption: string;
  /** The list's name in the exported file's name. */
  exportName: string;
  getRowId: (row: Row) => string;
  rowLabel?: (row: Row) => string;
  onRowClick?: (row: Row) => void;
  height?: number;
  selection?: RowSelection;
  bulkActions?: readonly BulkAction[];
}) {
  const { t } = useTranslation('console-lists');
  const selected = selection?.ids ?? [];
  return (
    <section className="console-list" aria-label={caption}>
      <div className="console-list-bar">
        {selection ? (
          <div className="console-row-actions">
            <span aria-live="polite">{t('select.count', { count: selected.length })}</span>
            {bulkActions.map((action) => (
              <button
                key={action.label}
                type="button"
                className="console-button secondary"
                disabled={selected.length === 0}
                onClick={() => action.run(selected)}
              >
                {action.label}
              </button>
            ))}
            {selected.length ? (
              <button type="button" className="console-button secondary" onClick={selection.clear}>
                {t('select.clear')}
              </button>
            ) : null}
          </div>
        ) : null}
        <ExportButton name={exportName} columns={columns} readRows={list.readAll} />
      </div>
      <ErrorNote error={list.error} />
      <DataTable
        data={list.rows}
        columns={columns}
        caption={caption}
        getRowId={getRowId}
        {...(rowLabel ? { rowLabel } : {})}
        {...(onRowClick ? { onRowClick } : {})}
        {...(height ? { height } : {})}
        {...(selection ? { selection } : {})}
        onEndReached={list.loadMore}
      />
      <p className="console-list-status" role="status">
        {list.loading
          ? t('pages.loading')
          : list.hasMore
            ? t('pages.more', { count: list.rows.length })
            : t('pages.all', { count: list.rows.length })}
        {list.hasMore ? (
          <button
            type="button"
            className="console-button secondary"
            disabled={list.loadingMore}
            onClick={list.loadMore}
          >
            {list.loadingMore ? t('pages.loading') : t('pages.load_more')}
          </button>
        ) : null}
      </p>
    </section>
  );
}
