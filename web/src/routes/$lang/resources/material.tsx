import { createFileRoute } from '@tanstack/react-router';
import { BusinessList } from '../../../features/content/components/BusinessPages.tsx';
import { loadLanguage } from '../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/resources/material')({
  loader: ({ context }) => loadLanguage(context.lang, ['business']),
  component: () => <BusinessList page="material" />,
});
