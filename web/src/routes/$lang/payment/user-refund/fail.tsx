import { createFileRoute } from '@tanstack/react-router';
import { UserRefundFail } from '../../../../features/refunds/components/RefundResults.tsx';
import { RefundSearch } from '../../../../features/refunds/route-search.ts';
import { loadLanguage } from '../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/user-refund/fail')({
  validateSearch: RefundSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['common', 'refund']),
  component: () => {
    const search = Route.useSearch();
    return <UserRefundFail lang={Route.useRouteContext().lang} code={search.code} cause={search.cause} />;
  },
});
