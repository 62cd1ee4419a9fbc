import { createFileRoute } from '@tanstack/react-router';
import { UserRefundPage } from '../../../../features/refunds/components/RefundPage.tsx';
import { RefundSearch } from '../../../../features/refunds/route-search.ts';
import { loadLanguage } from '../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/user-refund/')({
  validateSearch: RefundSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['common', 'errors', 'refund', 'refund-banks']),
  component: () => {
    const search = Route.useSearch();
    return <UserRefundPage lang={Route.useRouteContext().lang} guid={search.guid} />;
  },
});
