import { formatKst, KST_DATE_TIME } from '../../../../../shared/time/kst.ts';
import { KstTime } from '../KstTime.tsx';

/**
 * Column parts that a list shows and exports the same way (spread into a column definition): a cell
 * drawn as text is that text in the CSV too, and an instant is KST in both, in the same format.
 */
type Instant = number | string | undefined | null;

const toMs = (value: Instant) => (typeof value === 'string' ? Date.parse(value) : value);

/** An instant (epoch ms, or ISO text) shown and exported in KST. */
export function kstTime(format: string = KST_DATE_TIME) {
  return {
    cell: (info: { getValue: () => Instant }) => <KstTime ms={toMs(info.getValue())} format={format} />,
    meta: { csv: (value: Instant) => formatKst(toMs(value), format) },
  };
}

/** A value shown (and exported) as the text `show` makes of it: a translated flag, an amount. */
export function shownAs<Value, Row>(show: (value: Value, row: Row) => string | number) {
  return {
    cell: (info: { getValue: () => Value; row: { original: Row } }) =>
      show(info.getValue(), info.row.original),
    meta: { csv: show },
  };
}
