import { createColumnHelper } from '@tanstack/react-table';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { kstTime, shownAs } from './list-columns.tsx';
import { exportFileName, listCsv } from './list-export.ts';

type Row = { uid: string; name: string; verified: boolean; created: number; note?: string };
const column = createColumnHelper<Row>();
const KST = (text: string) => Date.parse(`${text}+09:00`);

const columns = [
  column.display({ id: 'select', header: 'pick', cell: () => null }),
  column.accessor('name', { header: 'Name' }),
  column.accessor('verified', {
    header: 'Verified',
    ...shownAs((verified: boolean) => (verified ? 'verified' : 'not verified')),
  }),
  column.accessor('created', {
    header: () => 'Created (JSX in the table)',
    ...kstTime(),
    meta: { ...kstTime().meta, label: 'Created' },
  }),
  column.accessor((row) => row.note, { id: 'note', header: 'Note' }),
];

describe('a list exported to CSV', () => {
  it('has the columns the list shows, their values as shown, dates in KST; not the checkbox column', () => {
    const csv = listCsv(columns, [
      { uid: 'u1', name: 'Kim, Minji', verified: true, created: KST('2026-11-24T00:30:00') },
      {
        uid: 'u2',
        name: 'Say "hi"\nplease',
        verified: false,
        created: KST('2026-01-02T09:00:00'),
        note: 'x',
      },
    ]);
    expect(Papa.parse<string[]>(csv).data).toEqual([
      ['Name', 'Verified', 'Created', 'Note'],
      ['Kim, Minji', 'verified', '2026-11-24 00:30', ''],
      ['Say "hi"\nplease', 'not verified', '2026-01-02 09:00', 'x'],
    ]);
  });

  it('is RFC 4180: CRLF between records, special fields quoted, quotes doubled', () => {
    const csv = listCsv(columns.slice(1, 2), [
      { uid: 'u1', name: 'a,b', verified: true, created: 0 },
      { uid: 'u2', name: 'say "x"', verified: true, created: 0 },
    ]);
    expect(csv).toBe('Name\r\n"a,b"\r\n"say ""x"""');
  });

  it('keeps a cell from running as a spreadsheet formula', () => {
    const csv = listCsv(columns.slice(1, 2), [
      { uid: 'u1', name: '=HYPERLINK("x")', verified: true, created: 0 },
    ]);
    expect(Papa.parse<string[]>(csv).data[1]).toEqual([`'=HYPERLINK("x")`]);
  });

  it('is named after the list and the KST day', () => {
    expect(exportFileName('users', Date.parse('2026-11-24T16:00:00Z'))).toBe('users-2026-11-25.csv');
  });
});
