import { createFileRoute } from '@tanstack/react-router';
import { paymentSessionQuery } from '../../../../../features/checkout/index.ts';
import { ORDER_QUERY, orderQuery } from '../../../../../features/checkout/route-search.ts';
import { UpgradeOrderPage } from '../../../../../features/upgrades/components/UpgradeOrderPage.tsx';
import { loadLanguage } from '../../../../../i18n/i18n.ts';
import { isTestQuery } from '../../../../../lib/payment-cache.ts';
import { searchParams, searchText } from '../../../../../lib/search-params.ts';

/** The upgrade order's query: the order pages' and the plan chosen on the upgrade pricing page. */
const UpgradeSearch = searchParams({ ...ORDER_QUERY, plan: searchText(64) });

export const Route = createFileRoute('/$lang/payment/upgrade/order/subscription')({
  validateSearch: UpgradeSearch,
  beforeLoad: ({ context }) =>
    loadLanguage(context.lang, ['common', 'errors', 'order', 'pay-methods', 'upgrade']),
  // The upgrade session: in the cache when the payment start led here, else read once (a failed read is
  // the page's to show).
  loaderDeps: ({ search }) => ({ guid: search.guid, isTest: isTestQuery(search) }),
  loader: ({ context, deps: { guid, isTest } }) =>
    guid
      ? context.queryClient.ensureQueryData(paymentSessionQuery(guid, isTest)).then(
          () => undefined,
          () => undefined,
        )
      : undefined,
  component: () => {
    const search = Route.useSearch();
    return (
      <UpgradeOrderPage
        lang={Route.useRouteContext().lang}
        guid={search.guid}
        planName={search.plan}
        query={orderQuery(search)}
        isTest={isTestQuery(search)}
      />
    );
  },
});
