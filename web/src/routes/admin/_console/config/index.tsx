import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { configsQueryOptions } from '../../../../features/console-configs/api/get-configs.ts';
import { ConfigList } from '../../../../features/console-configs/components/ConfigList.tsx';

export const Route = createFileRoute('/admin/_console/config/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(configsQueryOptions()),
  component: Configs,
});

function Configs() {
  const { t } = useTranslation('console-configs');
  return (
    <>
      <PageTitle title={t('title')}>
        <Link to="/admin/config/create" className="console-button">
          {t('create')}
        </Link>
      </PageTitle>
      <ConfigList />
    </>
  );
}
