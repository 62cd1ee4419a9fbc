import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import { SettlementSearch } from '../../../features/console-affiliates/components/SettlementSearch.tsx';
import { searchMatching, searchParams } from '../../../lib/search-params.ts';

const day = searchMatching(/^\d{4}-\d{2}-\d{2}$/);

/** The range lives in the address, so a settlement can be reloaded, shared and returned to. */
export const Route = createFileRoute('/admin/_console/affiliateSettlement')({
  validateSearch: searchParams({ from: day, to: day }),
  component: AffiliateSettlement,
});

function AffiliateSettlement() {
  const { t } = useTranslation('console-affiliates');
  const filter = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageTitle title={t('settlement.title')} />
      <SettlementSearch filter={filter} onFilter={(search) => navigate({ search, replace: true })} />
    </>
  );
}
