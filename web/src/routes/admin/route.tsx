import { createFileRoute, Outlet } from '@tanstack/react-router';
import { ConsoleNotFound } from '../../components/console/ConsoleNotFound.tsx';
import { CONSOLE_NAMESPACES, consoleLanguage } from '../../components/console/console-language.ts';
import { loadLanguage } from '../../i18n/i18n.ts';

/** The console: built as an app of its own (web/vite.config.ts, admin.html), so customers never download its code. */
export const Route = createFileRoute('/admin')({
  beforeLoad: async () => {
    const language = consoleLanguage();
    await loadLanguage(language, CONSOLE_NAMESPACES);
    document.documentElement.lang = language;
  },
  component: Outlet,
  // An address under /admin that names no page (the router answers it here, outside the frame).
  notFoundComponent: ConsoleNotFound,
});
