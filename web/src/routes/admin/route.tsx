import { createFileRoute, Outlet } from '@tanstack/react-router';
import { isSiteLanguage, type SiteLanguage } from '../../../../shared/languages.ts';
import { loadLanguage } from '../../i18n/i18n.ts';

/** The console's language is the operator's choice, kept in this browser; Korean by default. */
export const CONSOLE_LANGUAGE_KEY = 'cutloom.console.language';

function consoleLanguage(): SiteLanguage {
  const stored = typeof localStorage === 'undefined' ? null : localStorage.getItem(CONSOLE_LANGUAGE_KEY);
  return isSiteLanguage(stored) ? stored : 'ko';
}

/** The console: its own lazily loaded route tree, so customers never download its code. */
export const Route = createFileRoute('/admin')({
  beforeLoad: async () => {
    const language = consoleLanguage();
    await loadLanguage(language, ['console', 'errors', 'auth']);
    document.documentElement.lang = language;
  },
  component: Outlet,
});
