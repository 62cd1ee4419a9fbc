import { isSiteLanguage } from '../languages.ts';

/**
 * The pages of the customer site, as path patterns below the language prefix. This list is the
 * one source the SPA fallback reads: CloudFront's viewer-request function (infra/web) and the
 * local gateway serve the app shell with 200 for these and with 404 for every other path, so that
 * crawlers see a real not-found. The web's route files must match it (a unit test checks both
 * directions). `{name}` is one path segment; a segment listed in SITE_PAGE_PARAMS takes only those values.
 */
export const SITE_PAGES: readonly string[] = [
  '/',
  '/signup',
  '/signup/redirect',
  '/signup/pending',
  '/signup/verify',
  '/password-reset',
  '/signin/oauth/google/forward',
  '/signin/oauth/google/redirect',
  '/payment/order/subscription',
  '/payment/order/fixedterm',
  '/payment/result/pending',
  '/payment/result/success',
  '/payment/result/fail',
];

/**
 * Pages outside the language prefix: `/oauth-redirect` is the fixed redirect URI registered with
 * Google, whatever the visitor's language.
 */
export const ROOT_PAGES: readonly string[] = ['/oauth-redirect'];

/** Allowed values of constrained path parameters (feature slugs, for example, as pages arrive). */
export const SITE_PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {};

/** The console: every path below /admin/ is the console's to route (it is never indexed). */
export const CONSOLE_PREFIX = '/admin';

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/').filter(Boolean);
  if (parts.length !== segments.length) return false;
  return parts.every((part, index) => {
    const segment = segments[index] as string;
    const param = part.match(/^\{([A-Za-z0-9_]+)\}$/)?.[1];
    if (!param) return part === segment;
    const allowed = SITE_PAGE_PARAMS[param];
    return segment !== '' && (!allowed || allowed.includes(segment));
  });
}

/** What the SPA fallback does with a request path. */
export type SitePathKind = 'language-root-redirect' | 'site-page' | 'console' | 'not-found';

export function classifySitePath(pathname: string): SitePathKind {
  if (pathname === '/' || pathname === '') return 'language-root-redirect';
  if (pathname === CONSOLE_PREFIX || pathname.startsWith(`${CONSOLE_PREFIX}/`)) return 'console';
  if (ROOT_PAGES.includes(pathname.replace(/\/$/, ''))) return 'site-page';
  const segments = pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => decodeURIComponent(segment));
  const [lang, ...rest] = segments;
  if (!isSiteLanguage(lang)) return 'not-found';
  return SITE_PAGES.some((pattern) => matches(pattern, rest)) ? 'site-page' : 'not-found';
}
