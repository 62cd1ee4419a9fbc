import { createFileRoute } from '@tanstack/react-router';
import { PaymentPending } from '../../../../../features/checkout/components/PaymentResult.tsx';
import { orderQuery, ResultSearch } from '../../../../../features/checkout/route-search.ts';
import { loadLanguage } from '../../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/eraser/result/pending')({
  validateSearch: ResultSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['common', 'errors', 'payment-result']),
  component: () => {
    const search = Route.useSearch();
    return (
      <PaymentPending
        lang={Route.useRouteContext().lang}
        guid={search.guid}
        returned={search}
        query={orderQuery(search)}
        resultPages="payment/eraser/result"
      />
    );
  },
});
