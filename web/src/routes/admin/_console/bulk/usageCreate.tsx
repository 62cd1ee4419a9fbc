import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { BulkUsageGrant } from '../../../../features/console-usage/components/BulkUsageGrant.tsx';

export const Route = createFileRoute('/admin/_console/bulk/usageCreate')({
  component: BulkUsageGrantPage,
});

function BulkUsageGrantPage() {
  const { t } = useTranslation('console-usage');
  return (
    <>
      <PageTitle title={t('bulk.title')} />
      <BulkUsageGrant />
    </>
  );
}
