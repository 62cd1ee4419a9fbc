import '../auth.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visitorLanguage } from '../../../lib/visitor-language.ts';
import { OAUTH_MESSAGE_SOURCE, readFragment } from '../google-flow.ts';
import { useAuthStrings } from '../hooks/use-auth-strings.ts';

/**
 * /oauth-redirect: Google's return in the sign-in popup. It posts the access token (or the error) from
 * the URL fragment to the opener, on this origin only, and closes. Without an opener there is no one
 * to hand the token to, so it says so.
 */
export function OAuthRedirectRelay() {
  const { t } = useTranslation('auth');
  const ready = useAuthStrings(visitorLanguage());
  const [orphan, setOrphan] = useState(false);
  useEffect(() => {
    const result = readFragment(window.location.hash);
    window.history.replaceState(null, '', window.location.pathname);
    if (!window.opener) {
      setOrphan(true);
      return;
    }
    (window.opener as Window).postMessage(
      { source: OAUTH_MESSAGE_SOURCE, ...result },
      window.location.origin,
    );
    window.close();
  }, []);
  return <main className="auth-page">{orphan && ready ? <p>{t('google.window_orphan')}</p> : null}</main>;
}
