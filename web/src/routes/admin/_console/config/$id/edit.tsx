import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../components/console/PageTitle.tsx';
import { configQueryOptions, useConfig } from '../../../../../features/console-configs/api/get-config.ts';
import { ConfigForm } from '../../../../../features/console-configs/components/ConfigForm.tsx';

export const Route = createFileRoute('/admin/_console/config/$id/edit')({
  loader: ({ context, params }) => context.queryClient.ensureQueryData(configQueryOptions(params.id)),
  component: ConfigEdit,
});

function ConfigEdit() {
  const { t } = useTranslation('console-configs');
  const { id } = Route.useParams();
  const config = useConfig(id).data?.config;
  return (
    <>
      <PageTitle title={t('edit', { name: config?.name ?? '' })} />
      {config ? <ConfigForm config={config} /> : null}
    </>
  );
}
