import { useEffect } from 'react';
import { SITE_CLIENT_TYPE } from '../../../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { refreshSession } from '../../../lib/session-refresh.ts';
import { openApp } from '../app-url.ts';

/**
 * Whether this browser has a session (the refresh cookie's `refresh-token` check). A failed check
 * counts as signed out: the landing page must render whatever the auth service says.
 */
export async function isSignedIn(language: SiteLanguage): Promise<boolean> {
  try {
    const { session } = await refreshSession(SITE_CLIENT_TYPE, language, 'check_signed_in');
    return Boolean(session?.idToken);
  } catch {
    return false;
  }
}

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
