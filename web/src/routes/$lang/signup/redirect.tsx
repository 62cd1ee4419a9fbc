import { createFileRoute } from '@tanstack/react-router';
import { CLIENT_TYPES } from '../../../../../shared/identity/client-types.ts';
import { SignUpRedirect } from '../../../features/identity/components/SignUpRedirect.tsx';
import { loadLanguage } from '../../../i18n/i18n.ts';
import { searchChoiceOr, searchParams, searchText, searchTextOr } from '../../../lib/search-params.ts';

const RedirectSearch = searchParams({
  token: searchTextOr(4096, ''),
  clientType: searchChoiceOr(CLIENT_TYPES, 'landing'),
  affiliateCode: searchText(64),
});

export const Route = createFileRoute('/$lang/signup/redirect')({
  validateSearch: RedirectSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['auth']),
  component: () => {
    const { token, clientType, affiliateCode } = Route.useSearch();
    return (
      <main>
        <SignUpRedirect token={token} clientType={clientType} affiliateCode={affiliateCode} />
      </main>
    );
  },
});
