import { createFileRoute } from '@tanstack/react-router';
import { ResultSearch } from '../../../../../features/checkout/route-search.ts';
import { EraserSuccess } from '../../../../../features/usage-eraser/components/EraserResult.tsx';
import { loadLanguage } from '../../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/payment/eraser/result/success')({
  validateSearch: ResultSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['eraser']),
  component: () => <EraserSuccess guid={Route.useSearch().guid} />,
});
