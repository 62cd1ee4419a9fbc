import { useEffect } from 'react';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { isSignedIn } from '../../../lib/session-refresh.ts';
import { openApp } from '../app-url.ts';

/** The landing page's rule: a signed-in visitor is sent to the app (site-and-payments.md section 2). */
export function useRedirectSignedInToApp(language: SiteLanguage): void {
  useEffect(() => {
    let cancelled = false;
    void isSignedIn(language).then((signedIn) => {
      if (signedIn && !cancelled) openApp();
    });
    return () => {
      cancelled = true;
    };
  }, [language]);
}
