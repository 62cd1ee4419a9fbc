import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { FeedbackFiles } from '../../../../features/console-feedback/components/FeedbackFiles.tsx';
import { searchParams, searchText } from '../../../../lib/search-params.ts';

export const Route = createFileRoute('/admin/_console/feedbackFiles/')({
  validateSearch: searchParams({ q: searchText(20_000) }),
  component: FeedbackFilesPage,
});

function FeedbackFilesPage() {
  const { t } = useTranslation('console-feedback');
  const { q } = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageTitle title={t('title')} />
      <FeedbackFiles
        key={q ?? ''}
        search={q ?? ''}
        onSearch={(search) => navigate({ search: { q: search || undefined } })}
      />
    </>
  );
}
