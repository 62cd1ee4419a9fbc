import { createFileRoute } from '@tanstack/react-router';
import { PaymentVbank } from '../../../../features/checkout/components/PaymentResult.tsx';
import { orderQuery, ResultSearch } from '../../../../features/checkout/route-search.ts';
import { loadLanguage } from '../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/result/vbank')({
  validateSearch: ResultSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['common', 'errors', 'payment-result']),
  component: () => {
    const search = Route.useSearch();
    return <PaymentVbank lang={Route.useRouteContext().lang} guid={search.guid} query={orderQuery(search)} />;
  },
});
