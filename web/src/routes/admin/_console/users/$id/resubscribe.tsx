import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../components/console/PageTitle.tsx';
import { SubscriptionAction } from '../../../../../features/console-refunds/components/SubscriptionAction.tsx';

export const Route = createFileRoute('/admin/_console/users/$id/resubscribe')({
  component: Resubscribe,
});

function Resubscribe() {
  const { t } = useTranslation('console-refunds');
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle title={t('resubscribe.title')} />
      <SubscriptionAction uid={id} action="resubscribe" />
    </>
  );
}
