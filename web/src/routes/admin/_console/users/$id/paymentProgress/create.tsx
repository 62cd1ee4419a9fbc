import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import * as z from 'zod';
import { PageTitle } from '../../../../../../components/console/PageTitle.tsx';
import { PaymentProgressCreate } from '../../../../../../features/console-money/components/PaymentProgress.tsx';

const text = z.string().max(1000).optional().catch(undefined);

/** Clone passes the row's plan name, currency and desc in the address. */
export const Route = createFileRoute('/admin/_console/users/$id/paymentProgress/create')({
  validateSearch: z.object({ planName: text, currency: text, desc: text }),
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
