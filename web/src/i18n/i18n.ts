import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { SiteLanguage } from '../../../shared/languages.ts';

export const NAMESPACES = [
  'common',
  'errors',
  'console',
  'auth',
  'pay-methods',
  'order',
  'payment-result',
] as const;
export type Namespace = (typeof NAMESPACES)[number];

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

/** Loads a language's namespaces (once) and switches to it. */
export async function loadLanguage(
  language: SiteLanguage,
  namespaces: readonly Namespace[] = ['common', 'errors'],
): Promise<void> {
  await Promise.all(
    namespaces.map(async (namespace) => {
      if (i18next.hasResourceBundle(language, namespace)) return;
      const load = resources[`./locales/${language}/${namespace}.json`];
      if (!load) throw new Error(`Missing translations ${language}/${namespace}`);
      i18next.addResourceBundle(language, namespace, (await load()).default, true, true);
    }),
  );
  if (i18next.language !== language) await i18next.changeLanguage(language);
}

export { i18next };
