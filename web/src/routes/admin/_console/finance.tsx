import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '../../../../../shared/currency.ts';
import { LEDGER_KINDS } from '../../../../../shared/finance/ledger.ts';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import { FinanceView } from '../../../features/console-finance/components/FinanceView.tsx';
import { searchChoice, searchFlag, searchParams, searchText } from '../../../lib/search-params.ts';

/** The period and the filters live in the address, so a view can be reloaded, shared and returned to. */
export const Route = createFileRoute('/admin/_console/finance')({
  validateSearch: searchParams({
    period: searchText(10),
    test: searchFlag,
    kind: searchChoice(LEDGER_KINDS),
    currency: searchChoice(CURRENCIES),
    payMethod: searchText(32),
  }),
  component: Finance,
});

function Finance() {
  const { t } = useTranslation('console-finance');
  const filters = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageTitle title={t('title')}>
        <Link to="/admin/revenue" className="console-button secondary">
          {t('revenue.link')}
        </Link>
      </PageTitle>
      <p className="console-hint">{t('hint')}</p>
      <FinanceView filters={filters} onFilters={(search) => navigate({ search, replace: true })} />
    </>
  );
}
