import { createFileRoute } from '@tanstack/react-router';
import { PricingPage } from '../../../features/plans/components/PricingPage.tsx';
import { pricingSearch } from '../../../features/plans/pricing-search.ts';
import { loadLanguage } from '../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/pricepolicy')({
  validateSearch: pricingSearch,
  loader: ({ context }) => loadLanguage(context.lang, ['pricing']),
  component: () => (
    <PricingPage lang={Route.useRouteContext().lang} search={Route.useSearch()} upgrading={false} />
  ),
});
