import type { SiteLanguage } from '../../../../shared/languages.ts';

/**
 * Google sign-in, implicit token flow (site-and-payments.md section 2). The forward page sends the
 * browser to Google's authorize endpoint (scope email and profile, account selection forced) with a
 * state carrying a nonce, the deeplink action, a target and the affiliate code. Google returns the
 * access token in the URL fragment: to /oauth-redirect in the sign-in popup (which posts it to the
 * opener and closes), or to /{lang}/signin/oauth/google/redirect in a full-page flow (the apps'
 * deeplink sign-in). The nonce, checked on return, makes a forged return useless.
 */
export const OAUTH_MESSAGE_SOURCE = 'cutloom-oauth';
export const GOOGLE_NONCE_KEY = 'cutloom.google.nonce';

export interface OAuthState {
  nonce: string;
  /** What to do once signed in: `signin` (the site) or `desktop` (hand the session to the app). */
  action: string;
  target?: string;
  affiliateCode?: string;
}

/** A provider's answer as the popup's return page reads it: Google's token, or Kakao's and Naver's code. */
export interface OAuthResult {
  accessToken?: string;
  code?: string;
  error?: string;
  state?: string;
}

export function newNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function encodeState(state: OAuthState): string {
  return btoa(encodeURIComponent(JSON.stringify(state)));
}

export function decodeState(text: string | undefined): OAuthState | undefined {
  if (!text) return undefined;
  try {
    const value = JSON.parse(decodeURIComponent(atob(text))) as Partial<OAuthState>;
    return typeof value.nonce === 'string' && typeof value.action === 'string'
      ? (value as OAuthState)
      : undefined;
  } catch {
    return undefined;
  }
}

export function googleAuthorizeUrl(
  config: { authorizeUrl: string; clientId: string },
  input: { redirectUri: string; state: OAuthState },
): string {
  const url = new URL(config.authorizeUrl, window.location.origin);
  url.search = new URLSearchParams({
    client_id: config.clientId,
    redirect_uri: input.redirectUri,
    response_type: 'token',
    scope: 'email profile',
    prompt: 'select_account',
    include_granted_scopes: 'true',
    state: encodeState(input.state),
  }).toString();
  return url.toString();
}

/** The provider's answer in a URL fragment: `#access_token=…&state=…` or `#error=…`. */
export function readFragment(hash: string): OAuthResult {
  const fields = new URLSearchParams(hash.replace(/^#/, ''));
  const pick = (name: string) => fields.get(name) ?? undefined;
  return { accessToken: pick('access_token'), error: pick('error'), state: pick('state') };
}

/** A code flow provider's answer in the query: `?code=…&state=…` or `?error=…&state=…`. */
export function readQuery(search: string): OAuthResult {
  const fields = new URLSearchParams(search);
  const pick = (name: string) => fields.get(name) ?? undefined;
  return { code: pick('code'), error: pick('error'), state: pick('state') };
}

/**
 * Opens the sign-in popup at the forward page and waits for the token it posts back. Rejects with
 * 'popup_blocked', 'popup_closed', a provider error such as 'access_denied', or 'state_mismatch'.
 */
export function signInWithGooglePopup(
  language: SiteLanguage,
  options: { affiliateCode?: string | undefined } = {},
): Promise<{ accessToken: string; state: OAuthState }> {
  const nonce = newNonce();
  const forward = new URL(`/${language}/signin/oauth/google/forward`, window.location.origin);
  forward.search = new URLSearchParams({
    popup: '1',
    nonce,
    action: 'signin',
    ...(options.affiliateCode ? { affiliateCode: options.affiliateCode } : {}),
  }).toString();
  const popup = window.open(forward, 'cutloom-google-sign-in', 'popup,width=500,height=640');
  return popupResult(popup, (result) => {
    const state = decodeState(result.state);
    if (result.error) return new Error(result.error);
    if (!result.accessToken || state?.nonce !== nonce) return new Error('state_mismatch');
    return { accessToken: result.accessToken, state };
  });
}

/**
 * Waits for what the sign-in popup's return page posts (this origin's only): `take` makes the answer of
 * it, or the Error to reject with; a popup blocked or closed first rejects 'popup_blocked' or
 * 'popup_closed'.
 */
export function popupResult<T>(popup: Window | null, take: (result: OAuthResult) => T | Error): Promise<T> {
  return new Promise((resolve, reject) => {
    if (!popup) {
      reject(new Error('popup_blocked'));
      return;
    }
    const closedWatch = window.setInterval(() => {
      if (popup.closed) finish(() => reject(new Error('popup_closed')));
    }, 500);
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.data?.source !== OAUTH_MESSAGE_SOURCE) return;
      const answer = take(event.data as OAuthResult);
      finish(() => (answer instanceof Error ? reject(answer) : resolve(answer)));
    };
    function finish(settle: () => void) {
      window.clearInterval(closedWatch);
      window.removeEventListener('message', onMessage);
      settle();
    }
    window.addEventListener('message', onMessage);
  });
}
