import { createFileRoute } from '@tanstack/react-router';
import { VerifyEmailResult } from '../../../features/identity/components/VerifyEmailResult.tsx';
import { loadLanguage } from '../../../i18n/i18n.ts';
import { searchParams, searchTextOr } from '../../../lib/search-params.ts';

const VerifySearch = searchParams({ token: searchTextOr(2048, '') });

/** The page of the mailed verification links (`token`). */
export const Route = createFileRoute('/$lang/signup/verify')({
  validateSearch: VerifySearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['auth']),
  component: () => (
    <main>
      <VerifyEmailResult language={Route.useRouteContext().lang} token={Route.useSearch().token} />
    </main>
  ),
});
