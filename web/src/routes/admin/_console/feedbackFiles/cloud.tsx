import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { CloudProjectCopy } from '../../../../features/console-feedback/components/CloudProjectCopy.tsx';

export const Route = createFileRoute('/admin/_console/feedbackFiles/cloud')({
  validateSearch: z.object({ projectId: z.string().max(128).optional().catch(undefined) }),
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
