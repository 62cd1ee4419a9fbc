import '../auth.css';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { oauthConfigQuery } from '../api/google.ts';
import { GOOGLE_NONCE_KEY, googleAuthorizeUrl, newNonce, type OAuthState } from '../google-flow.ts';

export interface ForwardRequest {
  popup: boolean;
  nonce?: string | undefined;
  action: string;
  target?: string | undefined;
  affiliateCode?: string | undefined;
  language: string;
}

/**
 * Builds Google's authorize request and goes there. In the popup the opener made the nonce; in the
 * full-page flow (an app's deeplink sign-in) this tab keeps its own for the redirect page to check.
 */
export function GoogleForward({ request }: { request: ForwardRequest }) {
  const { t } = useTranslation('auth');
  const config = useQuery(oauthConfigQuery());
  useEffect(() => {
    if (!config.data) return;
    const nonce = request.nonce ?? newNonce();
    if (!request.popup) sessionStorage.setItem(GOOGLE_NONCE_KEY, nonce);
    const state: OAuthState = {
      nonce,
      action: request.action,
      ...(request.target ? { target: request.target } : {}),
      ...(request.affiliateCode ? { affiliateCode: request.affiliateCode } : {}),
    };
    const redirectUri = request.popup
      ? `${window.location.origin}/oauth-redirect`
      : `${window.location.origin}/${request.language}/signin/oauth/google/redirect`;
    window.location.replace(googleAuthorizeUrl(config.data.google, { redirectUri, state }));
  }, [config.data, request]);
  return (
    <section className="auth-page" aria-busy={!config.isError}>
      {config.isError ? (
        <p role="alert">{t('google.unavailable')}</p>
      ) : (
        <>
          <div className="spinner" role="progressbar" aria-label={t('google.forwarding')} />
          <p>{t('google.forwarding')}</p>
        </>
      )}
    </section>
  );
}
