import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import type { UsageEntryRow } from '../../../../shared/api/usage.ts';
import { dailyUsage, defaultUsageRange, shownUsage, USAGE_CSV_COLUMNS, usageCsv } from './usage-table.ts';

const KST = (text: string) => Date.parse(`${text}+09:00`);
const row = (overrides: Partial<UsageEntryRow>): UsageEntryRow => ({
  id: 'e1',
  type: 'STT',
  date: KST('2026-11-20T10:00:00'),
  count: 60,
  success: true,
  source: 'app',
  paid: false,
  ...overrides,
});

describe('the usage list views', () => {
  it('defaults to last month until today in Seoul', () => {
    // 2026-03-31 23:30 KST is still March 31 in Seoul though already past midnight nowhere else.
    expect(defaultUsageRange(KST('2026-03-31T23:30:00'))).toEqual({ from: '2026-02-28', to: '2026-03-31' });
    expect(defaultUsageRange(Date.parse('2026-11-22T16:00:00Z'))).toEqual({
      from: '2026-10-23',
      to: '2026-11-23',
    });
  });

  it('hides failed recordings unless showFailedRequest', () => {
    const rows = [row({ id: 'ok' }), row({ id: 'failed', success: false })];
    expect(shownUsage(rows, false).map((one) => one.id)).toEqual(['ok']);
    expect(shownUsage(rows, true).map((one) => one.id)).toEqual(['ok', 'failed']);
  });

  it('groups by Korean day and type: 23:59 and 00:01 KST are two days even within one UTC day', () => {
    const rows = [
      row({ id: 'a', date: KST('2026-11-20T23:59:00'), count: 30 }),
      row({ id: 'b', date: KST('2026-11-21T00:01:00'), count: 45 }),
      row({ id: 'c', date: KST('2026-11-21T12:00:00'), count: 15 }),
      row({ id: 'd', date: KST('2026-11-21T12:00:00'), type: 'TTS', count: 100 }),
    ];
    expect(dailyUsage(rows)).toEqual([
      { day: '2026-11-21', type: 'STT', count: 60, entries: 2 },
      { day: '2026-11-21', type: 'TTS', count: 100, entries: 1 },
      { day: '2026-11-20', type: 'STT', count: 30, entries: 1 },
    ]);
  });

  it('exports the 11 columns with the KST date, quoting what needs it', () => {
    const csv = usageCsv([row({ desc: 'refund, then "goodwill"', speaker: 'minji', free: true })]);
    const parsed = Papa.parse<string[]>(csv.trim());
    expect(parsed.data[0]).toEqual(USAGE_CSV_COLUMNS.map((column) => column.header));
    expect(parsed.data[0]).toHaveLength(11);
    expect(parsed.data[1]).toEqual([
      'e1',
      'STT',
      '2026-11-20 10:00',
      '60',
      'true',
      'app',
      'minji',
      'true',
      '',
      '',
      'refund, then "goodwill"',
    ]);
  });
});
