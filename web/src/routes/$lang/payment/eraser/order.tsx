import { createFileRoute } from '@tanstack/react-router';
import { ORDER_QUERY, orderQuery } from '../../../../features/checkout/route-search.ts';
import { EraserOrderPage } from '../../../../features/usage-eraser/components/EraserOrderPage.tsx';
import { loadLanguage } from '../../../../i18n/i18n.ts';
import { isTestQuery } from '../../../../lib/payment-cache.ts';
import { searchParams, searchText } from '../../../../lib/search-params.ts';

/** The eraser order's query: the order pages' and the usage type the app asks to erase. */
const EraserSearch = searchParams({ ...ORDER_QUERY, usageType: searchText(16) });

export const Route = createFileRoute('/$lang/payment/eraser/order')({
  validateSearch: EraserSearch,
  beforeLoad: ({ context }) =>
    loadLanguage(context.lang, ['common', 'errors', 'order', 'pay-methods', 'eraser']),
  component: () => {
    const search = Route.useSearch();
    return (
      <EraserOrderPage
        lang={Route.useRouteContext().lang}
        guid={search.guid}
        usageType={search.usageType}
        query={orderQuery(search)}
        isTest={isTestQuery(search)}
      />
    );
  },
});
