import { createFileRoute } from '@tanstack/react-router';
import { RenewalConsentPage } from '../../../features/renewal-consent/index.ts';
import { loadLanguage } from '../../../i18n/i18n.ts';
import { searchChoice, searchParams, searchTextOr } from '../../../lib/search-params.ts';

const ConsentSearch = searchParams({
  token: searchTextOr(4096, ''),
  choice: searchChoice(['consent', 'decline'] as const),
});

export const Route = createFileRoute('/$lang/account/renewal-consent')({
  validateSearch: ConsentSearch,
  beforeLoad: ({ context }) => loadLanguage(context.lang, ['common', 'errors', 'renewal-consent']),
  component: () => {
    const { token, choice } = Route.useSearch();
    return <RenewalConsentPage lang={Route.useRouteContext().lang} token={token} choice={choice} />;
  },
});
