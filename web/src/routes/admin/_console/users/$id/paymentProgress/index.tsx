import { createFileRoute, Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../../components/console/PageTitle.tsx';
import { PaymentProgressList } from '../../../../../../features/console-money/components/PaymentProgress.tsx';

export const Route = createFileRoute('/admin/_console/users/$id/paymentProgress/')({
  component: PaymentProgressPage,
});

function PaymentProgressPage() {
  const { t } = useTranslation('console-payments');
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle title={t('progress.title')}>
        <Link to="/admin/users/$id/paymentProgress/create" params={{ id }} className="console-button">
          {t('progress.create')}
        </Link>
      </PageTitle>
      <PaymentProgressList uid={id} />
    </>
  );
}
