/**
 * The ways into an account: a password, or a sign-in provider's identity. Google signs in by the
 * implicit flow (an access token the server checks with Google); Kakao and Naver by the authorization
 * code flow (a code the server exchanges with the provider's token endpoint, with our client secret).
 * The ids follow Google's (`google.com`), as Firebase spells a provider.
 */
export const SIGN_IN_PROVIDERS = ['password', 'google.com', 'kakao.com', 'naver.com'] as const;
export type SignInProvider = (typeof SIGN_IN_PROVIDERS)[number];

export const OAUTH_PROVIDERS = ['google.com', 'kakao.com', 'naver.com'] as const;
export type OAuthProvider = (typeof OAUTH_PROVIDERS)[number];

/** The providers whose sign-in returns an authorization code to exchange. */
export const CODE_FLOW_PROVIDERS = ['kakao.com', 'naver.com'] as const;
export type CodeFlowProvider = (typeof CODE_FLOW_PROVIDERS)[number];

export function isCodeFlowProvider(value: string): value is CodeFlowProvider {
  return (CODE_FLOW_PROVIDERS as readonly string[]).includes(value);
}

/** The short name of a provider, as the web's routes and labels spell it (`/signin/oauth/kakao/…`). */
export const PROVIDER_SLUG = { 'google.com': 'google', 'kakao.com': 'kakao', 'naver.com': 'naver' } as const;
export type ProviderSlug = (typeof PROVIDER_SLUG)[OAuthProvider];

/**
 * A sign-in popup's state lives this long: a provider's answer that comes back later (a window left
 * open, a replayed return) is refused before its code is used.
 */
export const OAUTH_STATE_TTL_MS = 10 * 60_000;

/**
 * Where every provider returns the sign-in popup: outside the language prefix, so each provider has one
 * registered redirect URI per site origin.
 */
export const OAUTH_REDIRECT_PATH = '/oauth-redirect';
