import { createFileRoute } from '@tanstack/react-router';
import { OrderSearch, orderQuery } from '../../../../features/checkout/route-search.ts';
import { OrderPage } from '../../../../features/orders/components/OrderPage.tsx';
import { loadLanguage } from '../../../../i18n/i18n.ts';
import { isTestQuery } from '../../../../lib/order-session.ts';

export const Route = createFileRoute('/$lang/payment/order/subscription')({
  validateSearch: OrderSearch,
  beforeLoad: ({ context }) =>
    loadLanguage(context.lang, ['common', 'errors', 'order', 'pay-methods', 'cash-receipt', 'tax-invoice']),
  component: () => {
    const search = Route.useSearch();
    return (
      <OrderPage
        lang={Route.useRouteContext().lang}
        kind="subscription"
        guid={search.guid}
        query={orderQuery(search)}
        isTest={isTestQuery(search)}
      />
    );
  },
});
