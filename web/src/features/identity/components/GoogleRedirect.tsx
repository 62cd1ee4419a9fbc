import '../auth.css';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SITE_CLIENT_TYPE } from '../../../../../shared/identity/client-types.ts';
import type { SiteLanguage } from '../../../../../shared/languages.ts';
import { alertText, signInProblem } from '../../../lib/identity-errors.ts';
import { signInWithGoogle } from '../api/google.ts';
import { openApp, safeNextPath } from '../app-url.ts';
import { decodeState, GOOGLE_NONCE_KEY, readFragment } from '../google-flow.ts';
import { maintenanceText } from '../maintenance-text.ts';

/**
 * The return of the full-page Google flow: checks the state's nonce, signs in (signing up first when
 * needed, with the state's affiliate code), then follows the state's action: `desktop` hands the
 * session to the app through /signup/redirect, anything else goes to the target page or the app.
 */
export function GoogleRedirect({ language }: { language: SiteLanguage }) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [problem, setProblem] = useState<string>();

  useEffect(() => {
    const result = readFragment(window.location.hash);
    // The token must not stay in the address bar or the history.
    window.history.replaceState(null, '', window.location.pathname);
    const state = decodeState(result.state);
    const expected = sessionStorage.getItem(GOOGLE_NONCE_KEY);
    sessionStorage.removeItem(GOOGLE_NONCE_KEY);
    if (result.error || !result.accessToken || !state || state.nonce !== expected) {
      setProblem(result.error === 'access_denied' ? t('google.cancelled') : t('google.failed'));
      return;
    }
    void signInWithGoogle({
      accessToken: result.accessToken,
      clientType: SITE_CLIENT_TYPE,
      language,
      persistSession: false,
      affiliateCode: state.affiliateCode,
    }).then(
      async (outcome) => {
        if (outcome.kind === 'maintenance')
          return setProblem(maintenanceText(outcome.maintenance, language, t));
        if (state.action === 'desktop')
          return navigate({
            to: '/$lang/signup/redirect',
            params: { lang: language },
            search: {
              token: outcome.signedIn.session.idToken,
              clientType: 'desktop',
              ...(state.affiliateCode ? { affiliateCode: state.affiliateCode } : {}),
            },
          });
        const target = safeNextPath(state.target);
        if (target) window.location.assign(target);
        else openApp();
      },
      (error) => setProblem(alertText(signInProblem(error), t)),
    );
  }, [language, navigate, t]);

  return (
    <section className="auth-page" aria-busy={!problem}>
      {problem ? (
        <p role="alert">{problem}</p>
      ) : (
        <>
          <div className="spinner" role="progressbar" aria-label={t('google.signing_in')} />
          <p>{t('google.signing_in')}</p>
        </>
      )}
    </section>
  );
}
