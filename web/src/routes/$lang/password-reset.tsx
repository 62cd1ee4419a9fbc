import { createFileRoute } from '@tanstack/react-router';
import { PasswordResetForm } from '../../features/identity/components/PasswordResetForm.tsx';
import { loadLanguage } from '../../i18n/i18n.ts';
import { searchParams, searchTextOr } from '../../lib/search-params.ts';

const PasswordResetSearch = searchParams({ token: searchTextOr(2048, '') });

/** The page of a password reset link (`token`), which an operator generates in the console. */
export const Route = createFileRoute('/$lang/password-reset')({
  validateSearch: PasswordResetSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['auth']),
  component: () => (
    <main>
      <PasswordResetForm language={Route.useRouteContext().lang} token={Route.useSearch().token} />
    </main>
  ),
});
