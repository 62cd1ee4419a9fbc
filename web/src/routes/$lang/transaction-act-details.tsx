import { createFileRoute } from '@tanstack/react-router';
import { BusinessArticle } from '../../features/content/components/BusinessPages.tsx';
import { loadLanguage } from '../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/transaction-act-details')({
  loader: ({ context }) => loadLanguage(context.lang, ['business']),
  component: () => <BusinessArticle page="transaction-act-details" />,
});
