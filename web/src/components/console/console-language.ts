import { isSiteLanguage, SITE_LANGUAGES, type SiteLanguage } from '../../../../shared/languages.ts';
import { loadLanguage, NAMESPACES, type Namespace } from '../../i18n/i18n.ts';

/** The console's language is the operator's choice, kept in this browser; Korean by default (section 1). */
export const CONSOLE_LANGUAGE_KEY = 'cutloom.console.language';
export const CONSOLE_LANGUAGES = SITE_LANGUAGES;

/**
 * Every namespace a console screen may use, loaded together with the language: the console's own
 * (named `console*`, so a new screen's namespace joins by its name alone), the shared errors and auth,
 * the label tables the site shares (web/src/lib/labels: plans, pay methods and the other codes), and the
 * banks' names of the refund screens (the site's refund page names them too).
 */
export const CONSOLE_NAMESPACES: readonly Namespace[] = [
  ...NAMESPACES.filter((namespace) => namespace.startsWith('console')),
  'errors',
  'auth',
  'common',
  'pay-methods',
  'labels',
  'refund-banks',
];

export function consoleLanguage(): SiteLanguage {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(CONSOLE_LANGUAGE_KEY);
  return isSiteLanguage(stored) ? stored : 'ko';
}

export async function switchConsoleLanguage(language: SiteLanguage): Promise<void> {
  localStorage.setItem(CONSOLE_LANGUAGE_KEY, language);
  await loadLanguage(language, CONSOLE_NAMESPACES);
  document.documentElement.lang = language;
}
