import { createFileRoute } from '@tanstack/react-router';
import { RefundSearch } from '../../../../features/refunds/route-search.ts';
import { UserRefundSuccess } from '../../../../features/refunds/UserRefund.tsx';
import { loadLanguage } from '../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/user-refund/success')({
  validateSearch: RefundSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['common', 'errors', 'refund']),
  component: () => {
    const search = Route.useSearch();
    return <UserRefundSuccess lang={Route.useRouteContext().lang} kind={search.kind} />;
  },
});
