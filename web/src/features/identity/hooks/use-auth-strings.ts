import { useEffect, useState } from 'react';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { i18next, loadLanguage } from '../../../i18n/i18n.ts';

/** Loads the `auth` strings of a language on first need (pages load them in their beforeLoad). */
export function useAuthStrings(language: SiteLanguage): boolean {
  const [ready, setReady] = useState(() => i18next.hasResourceBundle(language, 'auth'));
  useEffect(() => {
    if (ready) return;
    void loadLanguage(language, ['auth']).then(() => setReady(true));
  }, [language, ready]);
  return ready;
}
