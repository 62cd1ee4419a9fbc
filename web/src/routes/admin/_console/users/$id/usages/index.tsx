import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../../components/console/PageTitle.tsx';
import { UsageList } from '../../../../../../features/console-usage/components/UsageList.tsx';

export const Route = createFileRoute('/admin/_console/users/$id/usages/')({
  component: Usages,
});

function Usages() {
  const { t } = useTranslation('console-usage');
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle title={t('title')} />
      <UsageList uid={id} />
    </>
  );
}
