import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { affiliateListQuery } from '../../../../features/console-affiliates/api/affiliates.ts';
import { AffiliateList } from '../../../../features/console-affiliates/components/AffiliateList.tsx';

export const Route = createFileRoute('/admin/_console/affiliate/')({
  loader: ({ context }) => context.queryClient.ensureQueryData(affiliateListQuery()),
  component: Affiliates,
});

function Affiliates() {
  const { t } = useTranslation('console-affiliates');
  return (
    <>
      <PageTitle title={t('title')}>
        <Link to="/admin/affiliate/create" className="console-button">
          {t('create')}
        </Link>
      </PageTitle>
      <AffiliateList />
    </>
  );
}
