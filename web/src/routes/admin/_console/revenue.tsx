import { createFileRoute, Link, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { CURRENCIES } from '../../../../../shared/currency.ts';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import { RevenuePage } from '../../../features/console-finance/components/RevenuePage.tsx';
import { searchChoice, searchFlag, searchParams, searchText } from '../../../lib/search-params.ts';

/** The range and the currency live in the address, so a view can be reloaded, shared and returned to. */
export const Route = createFileRoute('/admin/_console/revenue')({
  validateSearch: searchParams({
    from: searchText(10),
    to: searchText(10),
    currency: searchChoice(CURRENCIES),
    test: searchFlag,
  }),
  component: Revenue,
});

function Revenue() {
  const { t } = useTranslation('console-finance');
  const filters = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageTitle title={t('revenue.title')}>
        <Link to="/admin/finance" className="console-button secondary">
          {t('revenue.to_finance')}
        </Link>
      </PageTitle>
      <RevenuePage filters={filters} onFilters={(search) => navigate({ search, replace: true })} />
    </>
  );
}
