import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod';
import { PasswordResetForm } from '../../features/auth/components/PasswordResetForm.tsx';
import { loadLanguage } from '../../i18n/i18n.ts';

/** The page of a password reset link (`token`), which an operator generates in the console. */
export const Route = createFileRoute('/$lang/password-reset')({
  validateSearch: z.object({ token: z.string().max(2048).catch('') }),
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['auth']),
  component: () => (
    <main>
      <PasswordResetForm language={Route.useRouteContext().lang} token={Route.useSearch().token} />
    </main>
  ),
});
