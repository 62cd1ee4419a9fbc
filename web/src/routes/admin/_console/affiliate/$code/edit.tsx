import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../../../../components/console/ErrorNote.tsx';
import { PageTitle } from '../../../../../components/console/PageTitle.tsx';
import { useAffiliate } from '../../../../../features/console-affiliates/api/affiliates.ts';
import { AffiliateForm } from '../../../../../features/console-affiliates/components/AffiliateForm.tsx';

export const Route = createFileRoute('/admin/_console/affiliate/$code/edit')({
  component: AffiliateEdit,
});

function AffiliateEdit() {
  const { t } = useTranslation('console-affiliates');
  const { code } = Route.useParams();
  const affiliate = useAffiliate(code);
  return (
    <>
      <PageTitle title={t('edit', { code })} />
      <ErrorNote error={affiliate.error} />
      {affiliate.data ? <AffiliateForm key={affiliate.data.couponCode} affiliate={affiliate.data} /> : null}
    </>
  );
}
