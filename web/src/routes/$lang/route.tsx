import { createFileRoute, notFound, Outlet, redirect, useLocation } from '@tanstack/react-router';
import { Suspense, useEffect, useMemo } from 'react';
import { I18nextProvider } from 'react-i18next';
import { isSiteLanguage } from '../../../../shared/languages.ts';
import {
  classifySitePath,
  siteRedirectLocation,
  siteRedirectOf,
} from '../../../../shared/site/site-pages.ts';
import { NotFound } from '../../components/NotFound.tsx';
import { getGeoip } from '../../features/geo/api/get-geoip.ts';
import { SignInDialogHost } from '../../features/identity/components/SignInDialogHost.tsx';
import { Footer } from '../../features/site/components/Footer.tsx';
import { Header } from '../../features/site/components/Header.tsx';
import { i18next, loadLanguage } from '../../i18n/i18n.ts';
import { useSiteAnalytics } from '../../lib/analytics/use-site-analytics.ts';

export const Route = createFileRoute('/$lang')({
  beforeLoad: async ({ params, location }) => {
    // One rule with the server (shared/site/site-pages.ts): a typed alias leads to its page, a page
    // missing in this language is not found.
    const alias = siteRedirectOf(location.pathname);
    if (isSiteLanguage(params.lang) && alias?.lang)
      throw redirect({
        href: siteRedirectLocation(alias.alias, alias.lang, location.searchStr),
        replace: true,
      });
    if (!isSiteLanguage(params.lang) || classifySitePath(location.pathname) !== 'site-page') throw notFound();
    await loadLanguage(params.lang, ['common', 'errors', 'site', 'feature-menu']);
    return { lang: params.lang };
  },
  component: SiteLayout,
  notFoundComponent: () => <NotFound lang={Route.useParams().lang} />,
});

function SiteLayout() {
  const { lang } = Route.useRouteContext();
  useSiteAnalytics(useLocation({ select: (location) => location.pathname }), getGeoip);
  useEffect(() => {
    document.documentElement.lang = lang;
  }, [lang]);
  // The pages render in their route's language, not i18next's: a language switch changes that at
  // once, while the page being left is still on screen and the new language lacks its strings.
  const i18n = useMemo(() => i18next.cloneInstance({ lng: lang }), [lang]);
  return (
    <I18nextProvider i18n={i18n}>
      {/* Each boundary hydrates and commits on its own, running its effects in a task of its own,
          so no task holds the whole page's (issue 18's blocking time). Nothing here suspends. */}
      <Suspense>
        <Header lang={lang} />
      </Suspense>
      <Suspense>
        <Outlet />
      </Suspense>
      <Suspense>
        <Footer lang={lang} />
      </Suspense>
      <SignInDialogHost language={lang} />
    </I18nextProvider>
  );
}
