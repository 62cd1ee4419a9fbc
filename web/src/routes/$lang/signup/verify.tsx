import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { VerifyEmailResult } from '../../../features/auth/components/VerifyEmailResult.tsx';
import { loadLanguage } from '../../../i18n/i18n.ts';

/** The page of the mailed verification links (`token`). */
export const Route = createFileRoute('/$lang/signup/verify')({
  validateSearch: z.object({ token: z.string().max(2048).catch('') }),
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['auth']),
  component: () => (
    <main>
      <VerifyEmailResult language={Route.useRouteContext().lang} token={Route.useSearch().token} />
    </main>
  ),
});
