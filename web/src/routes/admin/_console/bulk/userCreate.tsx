import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { BulkUserCreate } from '../../../../features/console-users/components/BulkUserCreate.tsx';

export const Route = createFileRoute('/admin/_console/bulk/userCreate')({
  component: BulkUserCreatePage,
});

function BulkUserCreatePage() {
  const { t } = useTranslation('console-users');
  return (
    <>
      <PageTitle title={t('bulk.title')} />
      <BulkUserCreate />
    </>
  );
}
