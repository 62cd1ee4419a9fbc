import { createFileRoute } from '@tanstack/react-router';
import { UserRefundSuccess } from '../../../../features/refunds/components/RefundResults.tsx';
import { RefundSearch } from '../../../../features/refunds/route-search.ts';
import { loadLanguage } from '../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/user-refund/success')({
  validateSearch: RefundSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['common', 'refund', 'refund-banks']),
  component: () => {
    const search = Route.useSearch();
    return <UserRefundSuccess lang={Route.useRouteContext().lang} kind={search.kind} guid={search.guid} />;
  },
});
