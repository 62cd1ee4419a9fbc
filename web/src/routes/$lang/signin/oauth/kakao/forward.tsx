import { createFileRoute } from '@tanstack/react-router';
import { ProviderForward } from '../../../../../features/identity/components/ProviderForward.tsx';
import { loadLanguage } from '../../../../../i18n/i18n.ts';
import { searchMatching, searchParams, searchText } from '../../../../../lib/search-params.ts';

const ForwardSearch = searchParams({
  nonce: searchMatching(/^[0-9a-f]{32}$/),
  affiliateCode: searchText(64),
});

/** Starts Kakao sign-in in the sign-in popup, with the opener's `nonce` (provider-flow.ts). */
export const Route = createFileRoute('/$lang/signin/oauth/kakao/forward')({
  validateSearch: ForwardSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['auth']),
  component: ForwardPage,
});

function ForwardPage() {
  const { nonce, affiliateCode } = Route.useSearch();
  return (
    <main>
      <ProviderForward provider="kakao" nonce={nonce} affiliateCode={affiliateCode} />
    </main>
  );
}
