import { createFileRoute } from '@tanstack/react-router';
import { ChangeCardFail } from '../../../../features/change-card/components/ChangeCardPages.tsx';
import { OrderSearch } from '../../../../features/checkout/route-search.ts';
import { loadLanguage } from '../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/change-card/fail')({
  validateSearch: OrderSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['change-card']),
  component: () => <ChangeCardFail lang={Route.useRouteContext().lang} guid={Route.useSearch().guid} />,
});
