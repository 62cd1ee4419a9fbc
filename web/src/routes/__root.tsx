import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, Outlet, useRouterState } from '@tanstack/react-router';
import { isSiteLanguage, type SiteLanguage } from '../../../shared/languages.ts';
import { NotFound } from '../components/NotFound.tsx';
import { loadLanguage } from '../i18n/i18n.ts';
import { visitorLanguage } from '../lib/visitor-language.ts';

/** The page language: the path's first segment when it is a site language, else the visitor's. */
function languageOfPath(pathname: string): SiteLanguage {
  const first = pathname.split('/')[1];
  return isSiteLanguage(first) ? first : visitorLanguage();
}

function RootNotFound() {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  return <NotFound lang={pathname.split('/')[1]} />;
}

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: async ({ location }) => {
    if (location.pathname === '/admin' || location.pathname.startsWith('/admin/')) return;
    await loadLanguage(languageOfPath(location.pathname));
  },
  component: Outlet,
  notFoundComponent: RootNotFound,
});
