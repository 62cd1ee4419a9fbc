import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { SITE_LANGUAGES, type SiteLanguage } from '../../../shared/languages.ts';

export const NAMESPACES = [
  'common',
  'errors',
  'console',
  'site',
  'pricing',
  'legal',
  'feature-menu',
  'feature-pages',
  'solutions',
  'business',
  'blog',
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

/** One JSON module per language and namespace; Vite splits them so a page loads only its language. */
const resources = import.meta.glob<{ default: Record<string, unknown> }>('./locales/*/*.json');

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
      const load = resources[`./locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`Missing translations ${language}/${namespace}`);
      i18next.addResourceBundle(language, namespace, (await load()).default, true, true);
    }),
  );
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

export { i18next };
