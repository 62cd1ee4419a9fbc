import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { SignUpPending } from '../../../features/auth/components/SignUpPending.tsx';
import { loadLanguage } from '../../../i18n/i18n.ts';

export const Route = createFileRoute('/$lang/signup/pending')({
  validateSearch: z.object({ affiliateCode: z.string().max(64).optional().catch(undefined) }),
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['auth']),
  component: () => (
    <main>
      <SignUpPending
        language={Route.useRouteContext().lang}
        affiliateCode={Route.useSearch().affiliateCode}
      />
    </main>
  ),
});
