import { useEffect } from 'react';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { currentSiteSession } from '../../../lib/session-refresh.ts';
import { openApp } from '../app-url.ts';

/**
 * The landing page's rule: a signed-in visitor is sent to the app (site-and-payments.md section 2). It asks
 * the auth service, never the visit's memory (session-refresh.ts): a sign-out in the app, which cannot reach
 * this site's storage, would otherwise send the visitor back and forth.
 */
export function useRedirectSignedInToApp(language: SiteLanguage): void {
  useEffect(() => {
    let cancelled = false;
    void currentSiteSession(language).then((session) => {
      if (session && !cancelled) openApp();
    });
    return () => {
      cancelled = true;
    };
  }, [language]);
}
