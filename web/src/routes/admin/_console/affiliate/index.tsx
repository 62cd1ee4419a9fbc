import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { pagedListOptions } from '../../../../components/console/list/paged-list.ts';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { affiliateList } from '../../../../features/console-affiliates/api/affiliates.ts';
import { AffiliateList } from '../../../../features/console-affiliates/components/AffiliateList.tsx';

export const Route = createFileRoute('/admin/_console/affiliate/')({
  loader: ({ context }) => context.queryClient.ensureInfiniteQueryData(pagedListOptions(affiliateList)),
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
