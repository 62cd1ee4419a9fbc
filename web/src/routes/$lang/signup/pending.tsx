import { createFileRoute } from '@tanstack/react-router';
import { SignUpPending } from '../../../features/identity/components/SignUpPending.tsx';
import { loadLanguage } from '../../../i18n/i18n.ts';
import { searchParams, searchText } from '../../../lib/search-params.ts';

const PendingSearch = searchParams({ affiliateCode: searchText(64) });

export const Route = createFileRoute('/$lang/signup/pending')({
  validateSearch: PendingSearch,
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
