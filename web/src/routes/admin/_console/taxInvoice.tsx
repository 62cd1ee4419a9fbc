import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { TAX_INVOICE_STATES } from '../../../../../shared/tax-invoices/tax-invoice-rules.ts';
import { kstToday } from '../../../../../shared/time/kst.ts';
import { pagedListOptions } from '../../../components/console/list/paged-list.ts';
import { PageTitle } from '../../../components/console/PageTitle.tsx';
import { TaxInvoiceList, taxInvoiceList } from '../../../features/console-tax-invoices/index.ts';
import { searchChoice, searchMatching, searchParams, searchText } from '../../../lib/search-params.ts';

/** The month (KST `yyyy-MM`, this month by default), state and pay method live in the address. */
const taxInvoiceSearch = searchParams({
  month: searchMatching(/^\d{4}-(0[1-9]|1[0-2])$/),
  state: searchChoice(TAX_INVOICE_STATES),
  payMethod: searchText(32),
});
const thisMonth = () => kstToday().slice(0, 7);

export const Route = createFileRoute('/admin/_console/taxInvoice')({
  validateSearch: taxInvoiceSearch,
  loaderDeps: ({ search }) => ({ ...search, month: search.month ?? thisMonth() }),
  loader: ({ context, deps }) =>
    context.queryClient.ensureInfiniteQueryData(pagedListOptions(taxInvoiceList(deps))),
  component: TaxInvoices,
});

function TaxInvoices() {
  const { t } = useTranslation('console-tax-invoices');
  const search = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageTitle title={t('title')} />
      <p className="console-hint">{t('hint')}</p>
      <TaxInvoiceList
        filter={{ ...search, month: search.month ?? thisMonth() }}
        onFilter={(filter) => navigate({ search: filter, replace: true })}
      />
    </>
  );
}
