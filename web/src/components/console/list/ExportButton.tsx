import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ColumnDef } from '../DataTable.tsx';
import { notify } from '../toast.ts';
import { downloadCsv, exportFileName, listCsv } from './list-export.ts';

/**
 * Export to CSV (issue 19): every row of the list, not only the pages on screen (`readRows` reads
 * them), with the columns the list shows; the file is named after the list and the day.
 */
export function ExportButton<Row>({
  name,
  columns,
  readRows,
}: {
  /** The list's name in the file name (`users`, `coupon-usages-ABC`). */
  name: string;
  // biome-ignore lint/suspicious/noExplicitAny: column value types differ per column
  columns: readonly ColumnDef<Row, any>[];
  readRows: () => Promise<readonly Row[]> | readonly Row[];
}) {
  const { t } = useTranslation('console-lists');
  const [busy, setBusy] = useState(false);
  const exportRows = async () => {
    setBusy(true);
    try {
      downloadCsv(exportFileName(name, Date.now()), listCsv(columns, await readRows()));
    } catch (error) {
      notify.failure(t('export.failed'), error);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button type="button" className="console-button secondary" disabled={busy} onClick={exportRows}>
      {busy ? t('export.busy') : t('export.button')}
    </button>
  );
}
