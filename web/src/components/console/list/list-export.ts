import type { ColumnDef, RowData } from '@tanstack/react-table';
import Papa from 'papaparse';
import { formatKst, KST_DATE } from '../../../../../shared/time/kst.ts';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name in an export, when its header is not plain text (a tooltip, say). */
    label?: string;
    /** The cell as exported, when it is shown as something other than its value (a date, a flag). */
    csv?: (value: TValue, row: TData) => string | number;
  }
}

/**
 * A list exported to CSV (issue 19): the columns the list shows, their headers as shown, each cell as
 * text (dates in KST as the table shows them, through the columns' `meta.csv`). Columns without a value
 * (checkboxes, buttons) are left out. RFC 4180 (https://www.rfc-editor.org/rfc/rfc4180): CRLF line
 * ends, fields with commas, quotes or line breaks quoted, quotes doubled (papaparse's unparse). A cell
 * that a spreadsheet would run as a formula (=, +, -, @) is prefixed with ' (papaparse's escapeFormulae,
 * as OWASP's CSV injection advice asks).
 */
// biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
export function listCsv<Row>(columns: readonly ColumnDef<Row, any>[], rows: readonly Row[]): string {
  const exported = columns.flatMap((column) => {
    const read = valueReader(column);
    if (!read) return [];
    const key = 'accessorKey' in column ? String(column.accessorKey) : undefined;
    const header =
      column.meta?.label ?? (typeof column.header === 'string' ? column.header : (column.id ?? key));
    const text = (row: Row, index: number) => {
      const value = read(row, index);
      const shown = column.meta?.csv ? column.meta.csv(value, row) : value;
      return shown === undefined || shown === null ? '' : shown;
    };
    return [{ header: header ?? '', text }];
  });
  return Papa.unparse(
    {
      fields: exported.map((column) => column.header),
      data: rows.map((row, index) => exported.map((column) => column.text(row, index))),
    },
    { newline: '\r\n', escapeFormulae: true },
  );
}

// biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
function valueReader<Row>(column: ColumnDef<Row, any>): ((row: Row, index: number) => unknown) | undefined {
  if ('accessorFn' in column && column.accessorFn) return column.accessorFn;
  if ('accessorKey' in column && column.accessorKey !== undefined) {
    const key = column.accessorKey as keyof Row;
    return (row) => row[key];
  }
  return undefined;
}

/** The file's name: the list's name and the day (KST) it was exported, `users-2026-11-24.csv`. */
export function exportFileName(list: string, nowMs: number): string {
  return `${list}-${formatKst(nowMs, KST_DATE)}.csv`;
}

/**
 * Hands the file to the browser. The text starts with a byte order mark: spreadsheet programs read a
 * CSV without one in the system's legacy encoding, which garbles Korean and Japanese names.
 */
export function downloadCsv(fileName: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}
