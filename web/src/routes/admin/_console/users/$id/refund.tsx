import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../components/console/PageTitle.tsx';
import { RefundScreen } from '../../../../../features/console-refunds/components/RefundScreen.tsx';

export const Route = createFileRoute('/admin/_console/users/$id/refund')({
  component: Refund,
});

function Refund() {
  const { t } = useTranslation('console-refunds');
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle title={t('title')} />
      <RefundScreen uid={id} />
    </>
  );
}
