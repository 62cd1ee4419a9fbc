import { isSiteLanguage, SITE_LANGUAGES, type SiteLanguage } from '../../../../shared/languages.ts';
import { loadLanguage, type Namespace } from '../../i18n/i18n.ts';

/** The console's language is the operator's choice, kept in this browser; Korean by default (section 1). */
export const CONSOLE_LANGUAGE_KEY = 'cutloom.console.language';
export const CONSOLE_LANGUAGES = SITE_LANGUAGES;

/** Every namespace a console screen may use, loaded together with the language. */
export const CONSOLE_NAMESPACES: readonly Namespace[] = [
  'console',
  'errors',
  'auth',
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
