import { OAUTH_REDIRECT_PATH } from '../identity/sign-in-providers.ts';
import { isSiteLanguage, SITE_LANGUAGES, type SiteLanguage } from '../languages.ts';

/**
 * Marketing pages, pre-rendered to HTML per language at build time (web/prerender.ts) and served as
 * `/{lang}/{path}/index.html` so that crawlers and first paint get the content; indexed, listed in
 * sitemap.xml. Each sets its head (usePageHead), or the build stops. Pages made for each visitor
 * (sessions, forms) stay out of this list and get the app shell.
 */
const MARKETING_PAGES: readonly string[] = [
  '/',
  '/payment/pricepolicy',
  '/feature/{featureSlug}',
  '/solutions/{solutionSlug}',
  '/business/case-study',
  '/business/business-contact',
  '/resources/material',
  '/resources/announce',
  '/blog/all',
  '/data-protection',
  '/terms-of-service',
  '/privacy-policy',
  '/refund-policy',
  '/transaction-act-details',
];

/** The signed-in account's billing page (issue 17): private, so never pre-rendered nor indexed. */
export const BILLING_PAGE = '/account/billing';
/** Where a renewal consent mail's links lead (issue 26): private to the link's holder, like the billing page. */
export const RENEWAL_CONSENT_PAGE = '/account/renewal-consent';

/**
 * The pages of the customer site, as path patterns below the language prefix. This list is the
 * one source the SPA fallback reads: CloudFront's viewer-request function (infra/web) and the
 * local gateway serve the app shell with 200 for these and with 404 for every other path, so that
 * crawlers see a real not-found. The web's route files must match it (a unit test checks both
 * directions). `{name}` is one path segment; a segment listed in SITE_PAGE_PARAMS takes only those values.
 */
export const SITE_PAGES: readonly string[] = [
  ...MARKETING_PAGES,
  '/payment/upgrade/pricepolicy',
  '/signup',
  '/signup/redirect',
  '/signup/pending',
  '/signup/verify',
  '/password-reset',
  '/signin/oauth/google/forward',
  '/signin/oauth/google/redirect',
  '/signin/oauth/kakao/forward',
  '/signin/oauth/naver/forward',
  '/payment/order/subscription',
  '/payment/order/fixedterm',
  '/payment/upgrade/order/subscription',
  '/payment/change-card',
  '/payment/change-card/success',
  '/payment/change-card/fail',
  '/payment/eraser/order',
  '/payment/eraser/result/pending',
  '/payment/eraser/result/success',
  '/payment/eraser/result/fail',
  '/payment/result/pending',
  '/payment/result/success',
  '/payment/result/vbank',
  '/payment/result/fail',
  '/payment/user-refund',
  '/payment/user-refund/success',
  '/payment/user-refund/fail',
  BILLING_PAGE,
  RENEWAL_CONSENT_PAGE,
];

/**
 * Pages outside the language prefix: `/oauth-redirect` is the fixed redirect URI registered with
 * Google, Kakao and Naver, whatever the visitor's language (OAUTH_REDIRECT_PATH).
 */
export const ROOT_PAGES: readonly string[] = [OAUTH_REDIRECT_PATH];

/** The feature pages, in the order of the feature menu. */
export const FEATURE_SLUGS = [
  'ai-video-subtitle',
  'ai-subtitle-translation',
  'subtitle-editing',
  'auto-silence-removal',
  'text-based-video-editing',
  'speech-editor',
  'generative-ai-tools',
  'ai-shorts-maker',
  'srt-export',
  'free-video-asset',
  'ai-voice',
  'text-to-speech',
  'video-effects',
  'ai-image-generator',
  'text-to-video',
  'photo-to-video',
  'ppt-to-video',
  'video-summarizer',
  'video-recording',
  'smartphone-file-transfer',
  'video-aspect-ratio-conversion',
  'cloud-storage',
  'ai-thumbnail-creator',
] as const;
export type FeatureSlug = (typeof FEATURE_SLUGS)[number];

export const SOLUTION_SLUGS = [
  'creator-video-online',
  'business-marketing-video',
  'education-video',
] as const;
export type SolutionSlug = (typeof SOLUTION_SLUGS)[number];

/** Allowed values of constrained path parameters. */
export const SITE_PAGE_PARAMS: Readonly<Record<string, readonly string[]>> = {
  featureSlug: FEATURE_SLUGS,
  solutionSlug: SOLUTION_SLUGS,
};

/**
 * Pages that exist only in some languages (every other page exists in all five); in the other
 * languages they are not-found. Feature pages follow the feature menu: grouped in Korean and
 * Japanese, flat in English, absent (so no pages) in Spanish and Chinese.
 */
export const PAGE_LANGUAGES: Readonly<Record<string, readonly SiteLanguage[]>> = {
  '/feature/{featureSlug}': ['ko', 'ja', 'en'],
  '/solutions/{solutionSlug}': ['en'],
  '/business/case-study': ['ja'],
  '/business/business-contact': ['ja'],
  '/resources/material': ['ja'],
  '/resources/announce': ['ja'],
  '/blog/all': ['ko'],
  '/transaction-act-details': ['ja'],
};

/** The pre-rendered pages: the marketing pages. */
export const PRERENDERED_PAGES: readonly string[] = MARKETING_PAGES;

/** The console: every path below /admin/ is the console's to route (it is never indexed). */
export const CONSOLE_PREFIX = '/admin';
/**
 * The console's own app shell: the site and the console are built as two apps (web/vite.config.ts),
 * so that customers never download the console's code.
 */
export const CONSOLE_SHELL = '/admin.html';

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

function segmentsOf(pathname: string): string[] {
  return pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment);
      } catch {
        return segment;
      }
    });
}

/** The page pattern a path below a language shows in that language, if any. */
export function sitePageOf(pathname: string): { lang: SiteLanguage; pattern: string } | undefined {
  const [lang, ...rest] = segmentsOf(pathname);
  if (!isSiteLanguage(lang)) return undefined;
  const pattern = SITE_PAGES.find((candidate) => matches(candidate, rest));
  if (!pattern) return undefined;
  const languages = PAGE_LANGUAGES[pattern];
  return !languages || languages.includes(lang) ? { lang, pattern } : undefined;
}

/**
 * Addresses people type for a page that lives at another (issue 32, point 10): `/ko/login` and
 * `/ko/signin` open the sign-in on the language home (`?open=signIn`, as the header's login does),
 * `/ko/pricing` and `/ko/plans` are the pricing page. Below a language they lead to that language's
 * page (301: the aliases do not move); without one (`/pricing`) to the visitor's language, chosen as
 * for `/` (302, by Accept-Language). The request's query is kept, the alias's own parameters added.
 * CloudFront's function, the local site server, the router and the pre-renderer (a page per language
 * that sends a browser on, for a host without the function) all follow this list.
 */
export const SITE_REDIRECTS: Readonly<
  Record<string, { path: string; query: Readonly<Record<string, string>> }>
> = {
  login: { path: '', query: { open: 'signIn' } },
  signin: { path: '', query: { open: 'signIn' } },
  pricing: { path: '/payment/pricepolicy', query: {} },
  plans: { path: '/payment/pricepolicy', query: {} },
};

/** The alias a path names (case aside) and the language it is below, none for a bare `/pricing`. */
export function siteRedirectOf(
  pathname: string,
): { alias: string; lang: SiteLanguage | undefined } | undefined {
  const segments = segmentsOf(pathname);
  const [first, second] = segments;
  const [lang, alias] =
    segments.length === 2 && isSiteLanguage(first)
      ? [first, second]
      : segments.length === 1
        ? [undefined, first]
        : [];
  const name = alias?.toLowerCase();
  return name !== undefined && Object.hasOwn(SITE_REDIRECTS, name) ? { alias: name, lang } : undefined;
}

/**
 * Where an alias leads in a language, with the request's query (`?a=1`, raw as received: its pairs are
 * kept as they came, a pair without a value as its name, those the alias sets dropped) and then the
 * alias's own parameters.
 */
export function siteRedirectLocation(alias: string, lang: SiteLanguage, search: string): string {
  const target = SITE_REDIRECTS[alias];
  if (!target) throw new Error(`No address alias ${alias}`);
  const kept = search
    .replace(/^\?/, '')
    .split('&')
    .filter((pair) => pair !== '')
    .map((pair) => {
      const [name = '', ...value] = pair.split('=');
      return { name, value: value.join('=') };
    })
    .filter(({ name }) => !Object.hasOwn(target.query, name))
    .map(({ name, value }) => (value === '' ? name : `${name}=${value}`));
  const pairs = [...kept, ...Object.entries(target.query).map(([name, value]) => `${name}=${value}`)];
  return `/${lang}${target.path}${pairs.length ? `?${pairs.join('&')}` : ''}`;
}

/** What the SPA fallback does with a request path. */
export type SitePathKind = 'language-root-redirect' | 'redirect' | 'site-page' | 'console' | 'not-found';

export function classifySitePath(pathname: string): SitePathKind {
  if (pathname === '/' || pathname === '') return 'language-root-redirect';
  if (pathname === CONSOLE_PREFIX || pathname.startsWith(`${CONSOLE_PREFIX}/`)) return 'console';
  if (ROOT_PAGES.includes(pathname.replace(/\/$/, ''))) return 'site-page';
  if (sitePageOf(pathname)) return 'site-page';
  return siteRedirectOf(pathname) ? 'redirect' : 'not-found';
}

/** The pre-rendered HTML file of a path (`/en/feature/ai-voice` -> `/en/feature/ai-voice/index.html`), if any. */
export function prerenderedFile(pathname: string): string | undefined {
  const page = sitePageOf(pathname);
  if (!page || !PRERENDERED_PAGES.includes(page.pattern)) return undefined;
  return `/${[...segmentsOf(pathname), 'index.html'].join('/')}`;
}

/** Every concrete path of a pattern in a language (`/feature/{featureSlug}` -> 23 paths). */
function expand(pattern: string): string[] {
  return pattern
    .split('/')
    .filter(Boolean)
    .reduce<string[]>(
      (paths, part) => {
        const param = part.match(/^\{([A-Za-z0-9_]+)\}$/)?.[1];
        const values = param ? (SITE_PAGE_PARAMS[param] ?? []) : [part];
        return paths.flatMap((path) => values.map((value) => `${path}/${value}`));
      },
      [''],
    );
}

/** The languages a page pattern exists in. */
export function languagesOf(pattern: string): readonly SiteLanguage[] {
  return PAGE_LANGUAGES[pattern] ?? SITE_LANGUAGES;
}

/** Every pre-rendered page: its path below the language (`''` for the home) and its languages. */
export function prerenderedPages(): Array<{ path: string; languages: readonly SiteLanguage[] }> {
  return PRERENDERED_PAGES.flatMap((pattern) =>
    expand(pattern).map((path) => ({ path, languages: languagesOf(pattern) })),
  );
}
