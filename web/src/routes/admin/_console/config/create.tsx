import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { ConfigForm } from '../../../../features/console-configs/components/ConfigForm.tsx';

export const Route = createFileRoute('/admin/_console/config/create')({
  component: ConfigCreate,
});

function ConfigCreate() {
  const { t } = useTranslation('console-configs');
  return (
    <>
      <PageTitle title={t('create')} />
      <ConfigForm />
    </>
  );
}
