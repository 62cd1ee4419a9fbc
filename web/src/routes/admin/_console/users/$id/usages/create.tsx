import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../../components/console/PageTitle.tsx';
import { UsageGrantForm } from '../../../../../../features/console-usage/components/UsageGrantForm.tsx';

export const Route = createFileRoute('/admin/_console/users/$id/usages/create')({
  component: UsageCreate,
});

function UsageCreate() {
  const { t } = useTranslation('console-usage');
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle title={t('grant.title')} />
      <UsageGrantForm uid={id} />
    </>
  );
}
