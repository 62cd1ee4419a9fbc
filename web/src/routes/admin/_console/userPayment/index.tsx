import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { PaymentSearch } from '../../../../features/console-money/components/PaymentSearch.tsx';
import { searchMatching, searchParams, searchText } from '../../../../lib/search-params.ts';

const text = searchText(254);
const day = searchMatching(/^\d{4}-\d{2}-\d{2}$/);

/** The search lives in the address, so it can be reloaded, shared and returned to. */
export const Route = createFileRoute('/admin/_console/userPayment/')({
  validateSearch: searchParams({
    uid: text,
    name: text,
    email: text,
    cid: text,
    callingCode: searchMatching(/^\d{1,4}$/),
    phone: searchText(32),
    from: day,
    to: day,
  }),
  component: UserPayment,
});

function UserPayment() {
  const { t } = useTranslation('console-payments');
  const fields = Route.useSearch();
  const navigate = useNavigate({ from: Route.fullPath });
  return (
    <>
      <PageTitle title={t('search.title')} />
      <PaymentSearch fields={fields} onFields={(search) => navigate({ search, replace: true })} />
    </>
  );
}
