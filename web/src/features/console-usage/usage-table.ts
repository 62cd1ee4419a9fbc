import { createColumnHelper } from '@tanstack/react-table';
import { DateTime } from 'luxon';
import type { UsageEntryRow } from '../../../../shared/api/usage.ts';
import { formatKst, KST_DATE, KST_ZONE } from '../../../../shared/time/kst.ts';
import type { UsageType } from '../../../../shared/usage/usage-rules.ts';
import { kstTime } from '../../components/console/list/list-columns.tsx';
import { listCsv } from '../../components/console/list/list-export.ts';

/**
 * The usage list's views (admin-console.md sections 2 and 5): the default range, failed recordings
 * hidden unless asked for, the daily view grouped by Korean day, and the CSV export.
 */

/** Last month to today, as KST dates (the filters' defaults). */
export function defaultUsageRange(nowMs: number): { from: string; to: string } {
  const today = DateTime.fromMillis(nowMs, { zone: KST_ZONE });
  return { from: today.minus({ months: 1 }).toFormat(KST_DATE), to: today.toFormat(KST_DATE) };
}

/** The rows shown: failed recordings only with showFailedRequest. */
export function shownUsage(rows: readonly UsageEntryRow[], showFailedRequest: boolean): UsageEntryRow[] {
  return showFailedRequest ? [...rows] : rows.filter((row) => row.success);
}

export interface DailyUsage {
  /** The KST day, yyyy-MM-dd. */
  day: string;
  type: UsageType;
  count: number;
  entries: number;
}

/** The rows summed per Korean day and type, newest day first. */
export function dailyUsage(rows: readonly UsageEntryRow[]): DailyUsage[] {
  const days = new Map<string, DailyUsage>();
  for (const row of rows) {
    const day = formatKst(row.date, KST_DATE);
    const key = `${day} ${row.type}`;
    const sum = days.get(key) ?? { day, type: row.type, count: 0, entries: 0 };
    sum.count += row.count;
    sum.entries += 1;
    days.set(key, sum);
  }
  return [...days.values()].sort((a, b) => b.day.localeCompare(a.day) || a.type.localeCompare(b.type));
}

const csvColumn = createColumnHelper<UsageEntryRow>();

/**
 * The export's 11 columns (the specification counts them without naming them; these are the entry's
 * fields of section 3 plus who granted and why): the date in KST, STT in seconds as stored. They are
 * not the table's columns (the table shows STT in minutes and the operator), so the usage list exports
 * these through the console's one CSV writer.
 */
export const USAGE_CSV_COLUMNS = [
  csvColumn.accessor('id', { header: 'id' }),
  csvColumn.accessor('type', { header: 'type' }),
  csvColumn.accessor('date', { header: 'date', meta: kstTime().meta }),
  csvColumn.accessor('count', { header: 'count' }),
  csvColumn.accessor('success', { header: 'success' }),
  csvColumn.accessor('source', { header: 'source' }),
  csvColumn.accessor('speaker', { header: 'speaker' }),
  csvColumn.accessor('free', { header: 'free' }),
  csvColumn.accessor('engine', { header: 'engine' }),
  csvColumn.accessor('clientType', { header: 'clientType' }),
  csvColumn.accessor('desc', { header: 'desc' }),
];

export const usageCsv = (rows: readonly UsageEntryRow[]): string => listCsv(USAGE_CSV_COLUMNS, rows);
