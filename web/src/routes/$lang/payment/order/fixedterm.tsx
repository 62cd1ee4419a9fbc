import { createFileRoute } from '@tanstack/react-router';
import { OrderSearch, orderQuery } from '../../../../features/checkout/route-search.ts';
import { loadOrderPage } from '../../../../features/orders/api/get-order-page.ts';
import { OrderLoading } from '../../../../features/orders/components/OrderLoading.tsx';
import { OrderPage } from '../../../../features/orders/components/OrderPage.tsx';
import { loadLanguage } from '../../../../i18n/i18n.ts';
import { isTestQuery } from '../../../../lib/payment-cache.ts';

export const Route = createFileRoute('/$lang/payment/order/fixedterm')({
  validateSearch: OrderSearch,
  beforeLoad: ({ context }) =>
    loadLanguage(context.lang, ['common', 'errors', 'order', 'pay-methods', 'cash-receipt', 'tax-invoice']),
  // What the page shows beside its form: in the cache when the payment start led here, else read once.
  loaderDeps: ({ search }) => ({ guid: search.guid, isTest: isTestQuery(search) }),
  loader: ({ context, deps: { guid, isTest } }) =>
    guid ? loadOrderPage(context.queryClient, { guid, isTest, language: context.lang }) : undefined,
  pendingComponent: OrderLoading,
  component: () => {
    const search = Route.useSearch();
    return (
      <OrderPage
        lang={Route.useRouteContext().lang}
        kind="fixedterm"
        guid={search.guid}
        query={orderQuery(search)}
        isTest={isTestQuery(search)}
      />
    );
  },
});
