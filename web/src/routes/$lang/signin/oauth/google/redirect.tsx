import { createFileRoute } from '@tanstack/react-router';
import { GoogleRedirect } from '../../../../../features/identity/components/GoogleRedirect.tsx';
import { loadLanguage } from '../../../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/signin/oauth/google/redirect')({
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['auth']),
  component: () => (
    <main>
      <GoogleRedirect language={Route.useRouteContext().lang} />
    </main>
  ),
});
