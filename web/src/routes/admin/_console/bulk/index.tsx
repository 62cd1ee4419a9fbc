import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { BulkPageLinks } from '../../../../components/console/BulkPageLinks.tsx';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';

export const Route = createFileRoute('/admin/_console/bulk/')({
  component: BulkDashboard,
});

/** bulk: the bulk dashboard the Bulk menu opens (the three bulk pages). */
function BulkDashboard() {
  const { t } = useTranslation('console-shell');
  return (
    <>
      <PageTitle title={t('bulk.title')} />
      <BulkPageLinks />
    </>
  );
}
