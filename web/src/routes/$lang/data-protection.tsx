import { createFileRoute } from '@tanstack/react-router';
import { LegalPage } from '../../features/content/components/LegalPage.tsx';
import { loadLanguage } from '../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/data-protection')({
  loader: ({ context }) => loadLanguage(context.lang, ['legal']),
  component: () => <LegalPage document="data-protection" />,
});
