import { createFileRoute } from '@tanstack/react-router';
import { ChangeCardPage } from '../../../../features/change-card/components/ChangeCardPages.tsx';
import { ResultSearch } from '../../../../features/checkout/route-search.ts';
import { loadLanguage } from '../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/change-card/')({
  validateSearch: ResultSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['common', 'errors', 'change-card']),
  component: () => {
    const search = Route.useSearch();
    return <ChangeCardPage lang={Route.useRouteContext().lang} guid={search.guid} returned={search} />;
  },
});
