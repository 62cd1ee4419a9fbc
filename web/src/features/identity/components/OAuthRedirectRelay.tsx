import '../auth.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visitorLanguage } from '../../../lib/visitor-language.ts';
import { OAUTH_MESSAGE_SOURCE, readFragment, readQuery } from '../google-flow.ts';
import { useAuthStrings } from '../hooks/use-auth-strings.ts';

/**
 * /oauth-redirect: every provider's return in the sign-in popup. It posts what came back to the
 * opener, on this origin only, and closes: Google's access token (or error) from the URL fragment,
 * Kakao's and Naver's code (or error) and state from the query. Without an opener there is no one to
 * hand it to, so it says so.
 */
export function OAuthRedirectRelay() {
  const { t } = useTranslation('auth');
  const ready = useAuthStrings(visitorLanguage());
  const [orphan, setOrphan] = useState(false);
  useEffect(() => {
    const fromQuery = readQuery(window.location.search);
    const result = fromQuery.code || fromQuery.error ? fromQuery : readFragment(window.location.hash);
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
