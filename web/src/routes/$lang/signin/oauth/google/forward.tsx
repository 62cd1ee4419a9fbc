import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { GoogleForward } from '../../../../../features/identity/components/GoogleForward.tsx';
import { loadLanguage } from '../../../../../i18n/i18n.ts';
import {
  searchFlag,
  searchMatching,
  searchParams,
  searchText,
  searchTextOr,
} from '../../../../../lib/search-params.ts';

const ForwardSearch = searchParams({
  popup: searchFlag,
  nonce: searchMatching(/^[0-9a-f]{32}$/),
  action: searchTextOr(32, 'signin'),
  target: searchText(512),
  affiliateCode: searchText(64),
});

/**
 * Starts Google sign-in. `popup=1` with the opener's `nonce` for the sign-in modal; otherwise the
 * full-page flow, where `action` (e.g. `desktop` for the app's deeplink sign-in), `target` (a page to
 * return to) and `affiliateCode` travel in the state.
 */
export const Route = createFileRoute('/$lang/signin/oauth/google/forward')({
  validateSearch: ForwardSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['auth']),
  component: ForwardPage,
});

function ForwardPage() {
  const search = Route.useSearch();
  const { lang } = Route.useRouteContext();
  const request = useMemo(
    () => ({ ...search, popup: Boolean(search.popup), language: lang }),
    [search, lang],
  );
  return (
    <main>
      <GoogleForward request={request} />
    </main>
  );
}
