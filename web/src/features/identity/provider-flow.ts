import { OAUTH_REDIRECT_PATH, OAUTH_STATE_TTL_MS } from '../../../../shared/identity/sign-in-providers.ts';
import type { SiteLanguage } from '../../../../shared/languages.ts';
import { decodeState, encodeState, newNonce, popupResult } from './google-flow.ts';

/**
 * Kakao and Naver sign-in, authorization code flow in a popup. The sign-in opens the forward page
 * (/{lang}/signin/oauth/{provider}/forward), which sends the popup to the provider's authorize endpoint
 * with a state carrying a nonce of this tab (and, for Kakao, the same nonce as OpenID Connect's, which
 * Kakao puts in its ID token); the provider returns the code to /oauth-redirect, which posts it here.
 * A return whose state is not this sign-in's (forged) or that comes back later than
 * OAUTH_STATE_TTL_MS (a window left open, a replay) is refused before its code is used.
 */
export const CODE_PROVIDERS = ['kakao', 'naver'] as const;
export type CodeProvider = (typeof CODE_PROVIDERS)[number];
export const PROVIDER_ID = { kakao: 'kakao.com', naver: 'naver.com' } as const;

/** What the server needs to exchange the code: the code and what the authorize request carried. */
export interface ProviderReturn {
  provider: CodeProvider;
  code: string;
  state: string;
  nonce: string;
  redirectUri: string;
  affiliateCode?: string | undefined;
}

export function popupRedirectUri(): string {
  return `${window.location.origin}${OAUTH_REDIRECT_PATH}`;
}

/** The provider's authorize request: Kakao's carries the nonce for its ID token; Naver's has none. */
export function providerAuthorizeUrl(
  provider: CodeProvider,
  config: { authorizeUrl: string; clientId: string },
  input: { state: string; nonce: string },
): string {
  const url = new URL(config.authorizeUrl, window.location.origin);
  url.search = new URLSearchParams({
    response_type: 'code',
    client_id: config.clientId,
    redirect_uri: popupRedirectUri(),
    state: input.state,
    ...(provider === 'kakao' ? { nonce: input.nonce } : {}),
  }).toString();
  return url.toString();
}

/** The state of one sign-in: this tab's nonce, and the affiliate code to sign up with. */
export function providerState(nonce: string, affiliateCode: string | undefined): string {
  return encodeState({ nonce, action: 'signin', ...(affiliateCode ? { affiliateCode } : {}) });
}

/**
 * Opens the sign-in popup at the forward page and waits for the code it posts back. Rejects with
 * 'popup_blocked', 'popup_closed', a provider error such as 'access_denied', 'state_mismatch' (not this
 * sign-in's state) or 'state_expired' (a return later than OAUTH_STATE_TTL_MS).
 */
export function signInWithProviderPopup(
  provider: CodeProvider,
  language: SiteLanguage,
  options: { affiliateCode?: string | undefined } = {},
): Promise<ProviderReturn> {
  const nonce = newNonce();
  const startedAt = Date.now();
  const forward = new URL(`/${language}/signin/oauth/${provider}/forward`, window.location.origin);
  forward.search = new URLSearchParams({
    nonce,
    ...(options.affiliateCode ? { affiliateCode: options.affiliateCode } : {}),
  }).toString();
  const popup = window.open(forward, `cutloom-${provider}-sign-in`, 'popup,width=500,height=680');
  return popupResult(popup, (result) => {
    if (result.error) return new Error(result.error);
    const state = decodeState(result.state);
    if (!result.code || !result.state || state?.nonce !== nonce) return new Error('state_mismatch');
    if (Date.now() - startedAt > OAUTH_STATE_TTL_MS) return new Error('state_expired');
    return {
      provider,
      code: result.code,
      state: result.state,
      nonce,
      redirectUri: popupRedirectUri(),
      affiliateCode: state.affiliateCode,
    };
  });
}
