import { CURRENCIES, type Currency, formatPrice } from '../../../../../shared/currency.ts';
import { formatKst, KST_DATE_TIME } from '../../../../../shared/time/kst.ts';
import { CodeLabel } from '../CodeLabel.tsx';
import type { CellKind } from '../cell-kinds.ts';
import { KstTime } from '../KstTime.tsx';

/**
 * Column parts that a list shows and exports the same way (spread into a column definition): a cell
 * drawn as text is that text in the CSV too, and an instant is KST in both, in the same format. Each says
 * what its column holds (`meta.kind`, cell-kinds.ts), which decides how its cells are laid out.
 */
type Instant = number | string | undefined | null;

const toMs = (value: Instant) => (typeof value === 'string' ? Date.parse(value) : value);

/** An instant (epoch ms, or ISO text) shown and exported in KST. */
export function kstTime(format: string = KST_DATE_TIME) {
  return {
    cell: (info: { getValue: () => Instant }) => <KstTime ms={toMs(info.getValue())} format={format} />,
    meta: { kind: 'date' as const, csv: (value: Instant) => formatKst(toMs(value), format) },
  };
}

/**
 * A value shown (and exported) as the text `show` makes of it: a translated flag, a formatted number;
 * `kind` says what that text is (free text when not said).
 */
export function shownAs<Value, Row>(show: (value: Value, row: Row) => string | number, kind?: CellKind) {
  return {
    cell: (info: { getValue: () => Value; row: { original: Row } }) =>
      show(info.getValue(), info.row.original),
    meta: { csv: show, ...(kind ? { kind } : {}) },
  };
}

/**
 * An amount in a currency as a person reads it (₩118,800); a currency the product does not sell in (as a
 * provider reported it) as the number and its code.
 */
export function moneyText(amount: number, currency: string): string {
  return (CURRENCIES as readonly string[]).includes(currency)
    ? formatPrice(amount, currency as Currency)
    : `${amount.toLocaleString()} ${currency}`;
}

/** An amount in its row's currency, as a person reads it (₩118,800); the CSV keeps the plain number. */
export function money<Row>(currencyOf: (row: Row) => string) {
  return {
    cell: (info: { getValue: () => number | undefined | null; row: { original: Row } }) => {
      const amount = info.getValue();
      return typeof amount === 'number' ? moneyText(amount, currencyOf(info.row.original)) : '';
    },
    meta: { kind: 'amount' as const },
  };
}

/** A count or another plain number, grouped as the reader's language does. */
export function count() {
  return {
    cell: (info: { getValue: () => number | undefined | null }) => info.getValue()?.toLocaleString() ?? '',
    meta: { kind: 'count' as const },
  };
}

/** An identifier (uid, order number, e-mail, phone): shown as it is, on one line. */
export const identifier = { meta: { kind: 'id' as const } };

/**
 * A code shown by its label in the reader's language (web/src/lib/labels); with `withCode` the code
 * follows in small type, where staff need it (support, a search elsewhere). The CSV has the label, and
 * the code with it when it is shown.
 */
export function labelled<Row>(
  label: (code: string, row: Row) => string,
  options: { withCode?: boolean } = {},
) {
  const text = (code: string | undefined | null, row: Row) => (code ? label(code, row) : '');
  return {
    cell: (info: { getValue: () => string | undefined | null; row: { original: Row } }) => {
      const code = info.getValue();
      if (!code) return '';
      return <CodeLabel label={text(code, info.row.original)} code={options.withCode ? code : undefined} />;
    },
    meta: {
      kind: 'code' as const,
      csv: (code: string | undefined | null, row: Row) => {
        const shown = text(code, row);
        return options.withCode && code && shown !== code ? `${shown} (${code})` : shown;
      },
    },
  };
}
