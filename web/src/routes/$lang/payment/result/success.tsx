import { createFileRoute } from '@tanstack/react-router';
import { PaymentSuccess } from '../../../../features/checkout/components/PaymentResult.tsx';
import { orderQuery, ResultSearch } from '../../../../features/checkout/route-search.ts';
import { loadLanguage } from '../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/result/success')({
  validateSearch: ResultSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['common', 'errors', 'payment-result']),
  component: () => {
    const search = Route.useSearch();
    return (
      <PaymentSuccess lang={Route.useRouteContext().lang} guid={search.guid} query={orderQuery(search)} />
    );
  },
});
