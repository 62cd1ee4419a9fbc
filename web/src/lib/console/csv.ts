import Papa from 'papaparse';

/**
 * CSV reading for the bulk pages (papaparse): a header row names the columns; blank lines are
 * skipped; every value is trimmed text. A file that is not .csv is refused before it is read.
 */
export class CsvRefused extends Error {}

export function isCsvFile(file: File): boolean {
  return /\.csv$/i.test(file.name);
}

export async function readCsvRows(file: File): Promise<Record<string, string>[]> {
  if (!isCsvFile(file)) throw new CsvRefused('not-csv');
  const parsed = Papa.parse<Record<string, string>>(await file.text(), {
    header: true,
    skipEmptyLines: 'greedy',
    transformHeader: (header) => header.trim(),
    transform: (value) => value.trim(),
  });
  return parsed.data;
}

/**
 * A list of ids (uids, cids or e-mails), one per row, in the first column or a header-less file: a
 * header cell naming the column (uid, cid, id, email, uidOrEmail) is dropped, repeats kept once.
 */
export async function readCsvIds(file: File): Promise<string[]> {
  if (!isCsvFile(file)) throw new CsvRefused('not-csv');
  const parsed = Papa.parse<string[]>(await file.text(), { skipEmptyLines: 'greedy' });
  const ids = parsed.data.map((row) => String(row[0] ?? '').trim()).filter(Boolean);
  if (ids[0] && /^(uid|cid|id|email|uidoremail)s?$/i.test(ids[0])) ids.shift();
  return [...new Set(ids)];
}
