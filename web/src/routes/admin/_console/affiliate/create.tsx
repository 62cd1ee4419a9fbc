import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { AffiliateForm } from '../../../../features/console-affiliates/components/AffiliateForm.tsx';

export const Route = createFileRoute('/admin/_console/affiliate/create')({
  component: AffiliateCreate,
});

function AffiliateCreate() {
  const { t } = useTranslation('console-affiliates');
  return (
    <>
      <PageTitle title={t('create')} />
      <AffiliateForm />
    </>
  );
}
