import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { BulkDirectDeposit } from '../../../../features/console-direct-deposits/components/BulkDirectDeposit.tsx';

export const Route = createFileRoute('/admin/_console/bulk/directDepositCreate')({
  component: BulkDirectDepositPage,
});

function BulkDirectDepositPage() {
  const { t } = useTranslation('console-deposits');
  return (
    <>
      <PageTitle title={t('bulk.title')} />
      <BulkDirectDeposit />
    </>
  );
}
