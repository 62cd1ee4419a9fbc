import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SITE_LANGUAGES, type SiteLanguage } from '../../../shared/languages.ts';

export const NAMESPACES = [
  'common',
  'errors',
  'console',
  'auth',
  'pay-methods',
  'labels',
  'console-shell',
  'console-users',
  'console-configs',
  'console-surveys',
  'console-feedback',
  'console-payments',
  'console-plans',
  'console-usage',
  'console-deposits',
  'console-schedules',
  'console-coupons',
  'console-affiliates',
  'console-refunds',
  'console-lists',
  'console-attention',
  'console-tax-invoices',
  'console-staff',
  'console-audit',
  'console-finance',
  'console-renewal-consent',
  'site',
  'pricing',
  'legal',
  'feature-menu',
  'feature-pages',
  'solutions',
  'business',
  'blog',
  'order',
  'payment-result',
  'refund',
  'refund-banks',
  'upgrade',
  'change-card',
  'eraser',
  'billing',
  'cash-receipt',
  'tax-invoice',
  'renewal-consent',
  'account-deletion',
  'plan-change',
  'console-plan-change',
  'console-notices',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

/**
 * Namespaces of pages that exist only in some languages (shared/site/site-pages.ts PAGE_LANGUAGES):
 * they are written in those languages only. Every other namespace exists in all five.
 */
export const NAMESPACE_LANGUAGES: Partial<Record<Namespace, readonly SiteLanguage[]>> = {
  'feature-menu': ['ko', 'ja', 'en'],
  'feature-pages': ['ko', 'ja', 'en'],
  solutions: ['en'],
  business: ['ja'],
  blog: ['ko'],
};

export function namespaceLanguages(namespace: Namespace): readonly SiteLanguage[] {
  return NAMESPACE_LANGUAGES[namespace] ?? SITE_LANGUAGES;
}

/**
 * One JSON file per language and namespace, so a page loads only its language. The browser fetches
 * them as JSON files (data, not JavaScript: nothing to parse as code); the pre-renderer, which has no
 * server to fetch from, imports them.
 */
const bundleUrls: Record<string, string> = import.meta.env.SSR
  ? {}
  : __WEB_APP__ === 'site'
    ? // The site never shows the console's namespaces: their addresses stay out of its JavaScript.
      import.meta.glob<string>(['./locales/*/*.json', '!./locales/*/console*.json'], {
        query: '?url',
        import: 'default',
        eager: true,
      })
    : import.meta.glob<string>('./locales/*/*.json', { query: '?url', import: 'default', eager: true });
const bundleModules = import.meta.env.SSR
  ? import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json')
  : {};

async function readBundle(path: string): Promise<Record<string, unknown>> {
  const load = bundleModules[path];
  if (load) return (await load()).default;
  const url = bundleUrls[path];
  if (!url) throw new Error(`Missing translations ${path}`);
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Translations ${path} answered ${response.status}`);
  return (await response.json()) as Record<string, unknown>;
}

void i18next.use(initReactI18next).init({
  lng: undefined,
  fallbackLng: false,
  ns: ['common'],
  defaultNS: 'common',
  resources: {},
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
});

/** Loads a language's namespaces (once; those the language does not have are skipped) and switches to it. */
export async function loadLanguage(
  language: SiteLanguage,
  namespaces: readonly Namespace[] = ['common', 'errors'],
): Promise<void> {
  await Promise.all(
    namespaces.map(async (namespace) => {
      if (!namespaceLanguages(namespace).includes(language)) return;
      if (i18next.hasResourceBundle(language, namespace)) return;
      const bundle = await readBundle(`./locales/${language}/${namespace}.json`);
      i18next.addResourceBundle(language, namespace, bundle, true, true);
    }),
  );
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

export { i18next };
