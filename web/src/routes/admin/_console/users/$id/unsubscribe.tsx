import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../../../components/console/PageTitle.tsx';
import { SubscriptionAction } from '../../../../../features/console-refunds/components/SubscriptionAction.tsx';

export const Route = createFileRoute('/admin/_console/users/$id/unsubscribe')({
  component: Unsubscribe,
});

function Unsubscribe() {
  const { t } = useTranslation('console-refunds');
  const { id } = Route.useParams();
  return (
    <>
      <PageTitle title={t('unsubscribe.title')} />
      <SubscriptionAction uid={id} action="unsubscribe" />
    </>
  );
}
