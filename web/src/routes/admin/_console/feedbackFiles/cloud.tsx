import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { CloudProjectCopy } from '../../../../features/console-feedback/components/CloudProjectCopy.tsx';
import { searchParams, searchText } from '../../../../lib/search-params.ts';

export const Route = createFileRoute('/admin/_console/feedbackFiles/cloud')({
  validateSearch: searchParams({ projectId: searchText(128) }),
  component: CloudCopyPage,
});

function CloudCopyPage() {
  const { t } = useTranslation('console-feedback');
  const { projectId } = Route.useSearch();
  const { operator } = Route.useRouteContext();
  return (
    <>
      <PageTitle title={t('cloud.title')} />
      <CloudProjectCopy projectId={projectId ?? ''} operatorEmail={operator.email} />
    </>
  );
}
