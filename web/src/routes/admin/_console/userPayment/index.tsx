import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../components/console/PageTitle.tsx';
import { PaymentSearch } from '../../../../features/console-money/components/PaymentSearch.tsx';

export const Route = createFileRoute('/admin/_console/userPayment/')({
  component: UserPayment,
});

function UserPayment() {
  const { t } = useTranslation('console-payments');
  return (
    <>
      <PageTitle title={t('search.title')} />
      <PaymentSearch />
    </>
  );
}
