import { createFileRoute } from '@tanstack/react-router';
import { ResultSearch } from '../../../../../features/checkout/route-search.ts';
import { EraserFail } from '../../../../../features/usage-eraser/components/EraserResult.tsx';
import { loadLanguage } from '../../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/eraser/result/fail')({
  validateSearch: ResultSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['errors', 'eraser']),
  component: () => <EraserFail lang={Route.useRouteContext().lang} guid={Route.useSearch().guid} />,
});
