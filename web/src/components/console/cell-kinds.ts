import type { RowData } from '@tanstack/react-table';

/**
 * What a column holds, which decides how its cells are drawn (console-kit.css, every console table):
 * - amount: money, right-aligned in tabular figures, on one line;
 * - count: a number, the same;
 * - date: an instant or a day (KST), on one line;
 * - id: an identifier, an e-mail, a phone or a document number, on one line;
 * - code: a code shown by its label (a state, a method, a kind), on one line;
 * - text: short free text (a name, a company, a business type), wrapping between words only;
 * - longtext: long free text (an address, a reason, changes), the same in a wider column;
 * - actions: buttons, on one line.
 * A table wider than its card scrolls sideways inside it rather than breaking any of the one-line kinds.
 */
export type CellKind = 'amount' | 'count' | 'date' | 'id' | 'code' | 'text' | 'longtext' | 'actions';

declare module '@tanstack/react-table' {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** What the column holds (text when not said; a column without a value is actions). */
    kind?: CellKind;
  }
}
