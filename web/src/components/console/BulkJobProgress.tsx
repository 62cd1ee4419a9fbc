import { createColumnHelper } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import type { BulkFailure } from '../../../../shared/api/jobs.ts';
import { DataTable } from './DataTable.tsx';
import { ErrorNote } from './ErrorNote.tsx';
import type { BulkJobState } from './use-bulk-job.ts';

const column = createColumnHelper<BulkFailure>();

/**
 * A bulk job's progress bar (processed of total, from the job record) and, once done, the result and
 * the failures table: the uid or e-mail (or id) and the reason. A reason that is an i18n key (a rule's
 * message) is shown in the operator's language with `reasonValues` filling its placeholders.
 */
export function BulkJobProgress({
  bulk,
  reasonValues,
}: {
  bulk: BulkJobState;
  reasonValues?: Record<string, unknown>;
}) {
  const { t, i18n } = useTranslation('console-shell');
  if (bulk.phase === 'idle') return null;
  const columns = [
    column.accessor('item', { header: () => t('bulk.item') }),
    column.accessor('reason', {
      header: () => t('bulk.reason'),
      cell: (info) => (i18n.exists(info.getValue()) ? t(info.getValue(), reasonValues) : info.getValue()),
    }),
  ];
  return (
    <section className="console-bulk" aria-live="polite">
      <h2>{t('bulk.progress')}</h2>
      {bulk.phase === 'requested' ? (
        <p>{t('bulk.requested')}</p>
      ) : (
        <>
          <progress max={bulk.total || 1} value={bulk.processed} aria-label={t('bulk.progress')} />
          <p className="console-bulk-count">
            {t('bulk.processed', { processed: bulk.processed, total: bulk.total })}
          </p>
        </>
      )}
      <ErrorNote error={bulk.error} />
      {bulk.phase === 'done' ? (
        <>
          <p className="console-bulk-result">
            {bulk.fails.length === 0
              ? t('bulk.all_succeeded', { count: bulk.succeeded })
              : t('bulk.some_failed', { succeeded: bulk.succeeded, failed: bulk.fails.length })}
          </p>
          {bulk.fails.length ? (
            <DataTable data={bulk.fails} columns={columns} caption={t('bulk.failures')} height={400} />
          ) : null}
        </>
      ) : null}
    </section>
  );
}
