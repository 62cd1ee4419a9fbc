import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import { SettlementSearch } from '../../../features/console-affiliates/components/SettlementSearch.tsx';

export const Route = createFileRoute('/admin/_console/affiliateSettlement')({
  component: AffiliateSettlement,
});

function AffiliateSettlement() {
  const { t } = useTranslation('console-affiliates');
  return (
    <>
      <PageTitle title={t('settlement.title')} />
      <SettlementSearch />
    </>
  );
}
