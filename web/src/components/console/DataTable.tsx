import {
  type Column,
  type ColumnDef,
  flexRender,
  getCoreRowModel,
  getSortedRowModel,
  type Header,
  type RowSelectionState,
  type SortingState,
  useReactTable,
} from '@tanstack/react-table';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellKind } from './cell-kinds.ts';
import { TableFrame } from './TableFrame.tsx';

/**
 * The console's data table (TanStack Table): sortable columns, optional row click (a row then opens
 * with Enter too), optional row selection (a checkbox per row, one for every row shown), and rows
 * virtualised (TanStack Virtual) so that lists of thousands scroll smoothly: only the rows in view are
 * in the page; reaching the last of them asks for more (`onEndReached`, an infinite list's next page).
 * Empty data says 'No data available' where it can be seen.
 *
 * Every console table is laid out here and in console-kit.css (issue 32, point 1; react-admin's datagrid
 * and Stripe's dashboard the models): each cell is drawn by what its column holds (`meta.kind`,
 * cell-kinds.ts), so amounts, dates, ids and codes keep one line and free text wraps between words;
 * columns take the width their content needs; a table wider than its card scrolls sideways inside it,
 * its first column (after the checkboxes) kept in view, a shadow and a note saying where more is; on a
 * phone each row becomes a block of label/value lines (each cell's `data-label`), as the billing page's
 * history does.
 */
export type { ColumnDef, RowSelectionState };

/** Rows from the end at which an infinite list asks for its next page. */
const END_REACHED_ROWS = 5;

const ROW_HEIGHT = 41;

export function DataTable<Row>({
  data,
  columns,
  onRowClick,
  rowLabel,
  getRowId,
  height = 560,
  caption,
  selection,
  onEndReached,
  rowClassName,
}: {
  data: readonly Row[];
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: ColumnDef<Row, any>[];
  onRowClick?: (row: Row) => void;
  /** The accessible name of a clickable row (what opening it shows). */
  rowLabel?: (row: Row) => string;
  getRowId?: (row: Row) => string;
  /** Height of the scrolling area in px (the rows beyond it are virtualised). */
  height?: number;
  caption?: string;
  /** Selected rows by id (getRowId); the table then leads with a checkbox column. */
  selection?: { selected: RowSelectionState; onChange: (selected: RowSelectionState) => void };
  /** The last rows came into view. */
  onEndReached?: () => void;
  /** A row's own class (a total row drawn in bold). */
  rowClassName?: (row: Row) => string | undefined;
}) {
  const { t } = useTranslation('console-shell');
  const [sorting, setSorting] = useState<SortingState>([]);
  const table = useReactTable({
    data: data as Row[],
    columns: selection ? [selectColumn<Row>(t, rowLabel), ...columns] : columns,
    state: { sorting, rowSelection: selection?.selected ?? {} },
    onSortingChange: setSorting,
    enableRowSelection: Boolean(selection),
    onRowSelectionChange: (change) =>
      selection?.onChange(typeof change === 'function' ? change(selection.selected) : change),
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    ...(getRowId ? { getRowId: (row: Row) => getRowId(row) } : {}),
  });
  const rows = table.getRowModel().rows;
  const scroller = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const before = items[0]?.start ?? 0;
  const after = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columnCount = table.getVisibleLeafColumns().length;
  const lastShown = items.at(-1)?.index;
  useEffect(() => {
    if (onEndReached && lastShown !== undefined && lastShown >= rows.length - END_REACHED_ROWS)
      onEndReached();
  }, [onEndReached, lastShown, rows.length]);
  const labels = new Map(table.getFlatHeaders().map((header) => [header.column.id, headerText(header)]));

  return (
    <TableFrame caption={caption} height={height} scrollRef={scroller}>
      <table className={selection ? 'console-table console-table-selectable' : 'console-table'}>
        {caption ? <caption className="visually-hidden">{caption}</caption> : null}
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => {
                const sorted = header.column.getIsSorted();
                return (
                  <th
                    key={header.id}
                    scope="col"
                    data-kind={kindOf(header.column)}
                    aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                  >
                    {header.isPlaceholder ? null : header.column.getCanSort() ? (
                      <button
                        type="button"
                        className="console-sort"
                        onClick={header.column.getToggleSortingHandler()}
                      >
                        {flexRender(header.column.columnDef.header, header.getContext())}
                        <span aria-hidden="true">
                          {sorted === 'asc' ? ' ▲' : sorted === 'desc' ? ' ▼' : ''}
                        </span>
                      </button>
                    ) : (
                      flexRender(header.column.columnDef.header, header.getContext())
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr className="console-empty-row">
              <td colSpan={columnCount} className="console-empty">
                {/* Held at the visible start: a wide table's middle may be far off to the right. */}
                <span className="console-empty-note">{t('table.no_data')}</span>
              </td>
            </tr>
          ) : null}
          {before > 0 ? (
            <tr className="console-spacer">
              <td colSpan={columnCount} style={{ height: before, padding: 0, border: 0 }} />
            </tr>
          ) : null}
          {items.map((item) => {
            const row = rows[item.index];
            if (!row) return null;
            const open = onRowClick ? () => onRowClick(row.original) : undefined;
            return (
              <tr
                key={row.id}
                data-index={item.index}
                ref={virtualizer.measureElement}
                className={
                  [open ? 'console-clickable' : '', rowClassName?.(row.original) ?? '']
                    .filter(Boolean)
                    .join(' ') || undefined
                }
                onClick={open}
                onKeyDown={open ? (event) => event.key === 'Enter' && open() : undefined}
                tabIndex={open ? 0 : undefined}
                aria-label={open && rowLabel ? rowLabel(row.original) : undefined}
              >
                {row.getVisibleCells().map((cell) => (
                  <td key={cell.id} data-kind={kindOf(cell.column)} data-label={labels.get(cell.column.id)}>
                    <div className="console-cell">
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </div>
                  </td>
                ))}
              </tr>
            );
          })}
          {after > 0 ? (
            <tr className="console-spacer">
              <td colSpan={columnCount} style={{ height: after, padding: 0, border: 0 }} />
            </tr>
          ) : null}
        </tbody>
      </table>
    </TableFrame>
  );
}

/** What a column holds: its declared kind, else free text when it has a value and actions when not. */
// biome-ignore lint/suspicious/noExplicitAny: any column of the table
function kindOf<Row>(column: Column<Row, any>): CellKind {
  if (column.id === 'select') return 'actions';
  return column.columnDef.meta?.kind ?? (column.accessorFn ? 'text' : 'actions');
}

/** A column's name as text, for a cell's label on a phone: its text header, or the label it declares. */
// biome-ignore lint/suspicious/noExplicitAny: any column of the table
function headerText<Row>(header: Header<Row, any>): string | undefined {
  const { header: shown, meta } = header.column.columnDef;
  if (meta?.label) return meta.label;
  if (typeof shown === 'string') return shown;
  if (typeof shown === 'function' && header.column.id !== 'select') {
    const text: unknown = shown(header.getContext());
    if (typeof text === 'string') return text;
  }
  return undefined;
}

/** The checkbox column of a selectable table: all rows shown in its header, one row in each cell. */
function selectColumn<Row>(
  t: (key: string, options?: Record<string, unknown>) => string,
  rowLabel: ((row: Row) => string) | undefined,
): ColumnDef<Row> {
  return {
    id: 'select',
    enableSorting: false,
    header: ({ table }) => (
      <input
        type="checkbox"
        aria-label={t('console-lists:select.all')}
        checked={table.getIsAllRowsSelected()}
        ref={(box) => {
          if (box) box.indeterminate = table.getIsSomeRowsSelected();
        }}
        onChange={table.getToggleAllRowsSelectedHandler()}
      />
    ),
    cell: ({ row }) => (
      <input
        type="checkbox"
        aria-label={t('console-lists:select.row', { row: rowLabel?.(row.original) ?? row.id })}
        checked={row.getIsSelected()}
        onClick={(event) => event.stopPropagation()}
        onChange={row.getToggleSelectedHandler()}
      />
    ),
  };
}
