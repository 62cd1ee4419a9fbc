import { Link } from '@tanstack/react-router';
import { createColumnHelper } from '@tanstack/react-table';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackFile } from '../../../../../shared/api/feedback.ts';
import { FEEDBACK_FILES_MAX, splitFeedbackSearch } from '../../../../../shared/feedback/feedback-search.ts';
import { DataTable } from '../../../components/console/DataTable.tsx';
import { ErrorNote } from '../../../components/console/ErrorNote.tsx';
import { KstTime } from '../../../components/console/KstTime.tsx';
import { useFeedbackFiles } from '../api/get-feedback-files.ts';

const column = createColumnHelper<FeedbackFile>();

/**
 * feedbackFiles: file names separated by commas (`\,` keeps a comma in a name); each found file gets
 * its download link and date, a missing one says 'File not found'.
 */
export function FeedbackFiles({ search, onSearch }: { search: string; onSearch: (search: string) => void }) {
  const { t } = useTranslation('console-feedback');
  const [draft, setDraft] = useState(search);
  const filenames = splitFeedbackSearch(search).slice(0, FEEDBACK_FILES_MAX);
  const files = useFeedbackFiles(filenames);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft);
  };
  const columns = [
    column.accessor('filename', { header: () => t('filename') }),
    column.display({
      id: 'link',
      header: () => t('link'),
      cell: (info) => {
        const file = info.row.original;
        return file.found ? (
          <a href={file.link} download={file.filename}>
            {t('download')}
          </a>
        ) : (
          <span className="console-error">{t('not_found')}</span>
        );
      },
    }),
    column.display({
      id: 'lastModified',
      header: () => t('last_modified'),
      cell: (info) => (info.row.original.found ? <KstTime ms={info.row.original.lastModified} /> : null),
    }),
  ];
  return (
    <>
      <form className="console-card console-actions" onSubmit={submit} aria-label={t('search_label')}>
        <div className="console-field" style={{ flex: 1 }}>
          <label htmlFor="feedback-search">{t('search_label')}</label>
          <input id="feedback-search" value={draft} onChange={(event) => setDraft(event.target.value)} />
          <p className="console-hint">{t('search_hint')}</p>
        </div>
        <button type="submit" className="console-button">
          {t('search')}
        </button>
        <Link to="/admin/feedbackFiles/cloud" className="console-button secondary">
          {t('cloud.title')}
        </Link>
      </form>
      <ErrorNote error={files.error} />
      {filenames.length ? (
        <DataTable
          data={files.data?.files ?? []}
          columns={columns}
          getRowId={(file) => file.filename}
          caption={t('title')}
        />
      ) : null}
    </>
  );
}
