import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../../components/console/PageTitle.tsx';
import { PaymentProgressCreate } from '../../../../../../features/console-money/components/PaymentProgress.tsx';
import { searchParams, searchText } from '../../../../../../lib/search-params.ts';

const text = searchText(1000);

/** Clone passes the row's plan name, currency and desc in the address. */
export const Route = createFileRoute('/admin/_console/users/$id/paymentProgress/create')({
  validateSearch: searchParams({ planName: text, currency: text, desc: text }),
  component: PaymentProgressCreatePage,
});

function PaymentProgressCreatePage() {
  const { t } = useTranslation('console-payments');
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle title={t('progress.create')} />
      <PaymentProgressCreate uid={id} clone={Route.useSearch()} />
    </>
  );
}
