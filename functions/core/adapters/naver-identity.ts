import {
  type CodeGrant,
  FORM_HEADERS,
  type ProviderProfile,
  profileName,
  providerCall,
  providerClient,
  refusedBy,
} from './provider-identity.ts';

/**
 * Naver Login (developers.naver.com/docs/login/api/api.md, .../profile/profile.md): the popup's code is
 * exchanged at `{auth}/oauth2.0/token` (grant_type authorization_code, client_id, client_secret, code
 * and the `state` the authorize request carried; Naver answers a refused code with `error` and
 * `error_description`, e.g. invalid_request "no valid data in session", even with HTTP 200), then
 * `GET {api}/v1/nid/me` gives `{resultcode: "00", response: {id, email, name, nickname}}`: `id` is
 * unique per application and person. Naver says nothing of whether it verified the address, so its
 * address is verified by our own mail before it opens an account. Configuration:
 * NAVER_LOGIN_SECRET_ARN (JSON {clientId, clientSecret}), or NAVER_LOGIN_CLIENT_ID and
 * NAVER_LOGIN_CLIENT_SECRET on one machine, where NAVER_LOGIN_AUTH_URL and NAVER_LOGIN_API_URL name the
 * stand-in.
 */
const NAVER = 'Naver';

const naver = providerClient({
  secretArn: 'NAVER_LOGIN_SECRET_ARN',
  clientId: 'NAVER_LOGIN_CLIENT_ID',
  clientSecret: 'NAVER_LOGIN_CLIENT_SECRET',
  auth: { variable: 'NAVER_LOGIN_AUTH_URL', host: 'https://nid.naver.com' },
  api: { variable: 'NAVER_LOGIN_API_URL', host: 'https://openapi.naver.com' },
  authorizePath: '/oauth2.0/authorize',
});

export const naverSignInClient = naver.signInClient;

export async function naverProfile(grant: CodeGrant): Promise<ProviderProfile> {
  const { auth, api } = naver.hosts();
  const { clientId, clientSecret } = await naver.credentials();
  const token = await providerCall(NAVER, `${auth}/oauth2.0/token`, {
    method: 'POST',
    headers: FORM_HEADERS,
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: clientId,
      client_secret: clientSecret,
      code: grant.code,
      state: grant.state ?? '',
    }).toString(),
  });
  const accessToken = token.body?.access_token;
  if (token.status !== 200 || typeof accessToken !== 'string' || token.body?.error)
    throw refusedBy(NAVER, token.body);

  const me = await providerCall(NAVER, `${api}/v1/nid/me`, {
    method: 'GET',
    headers: { authorization: `Bearer ${accessToken}` },
  });
  const profile = (me.body?.response ?? {}) as {
    id?: unknown;
    email?: unknown;
    name?: unknown;
    nickname?: unknown;
  };
  if (me.status !== 200 || me.body?.resultcode !== '00' || typeof profile.id !== 'string' || !profile.id)
    throw refusedBy(NAVER, me.body);
  const email = typeof profile.email === 'string' && profile.email ? profile.email : undefined;
  return {
    provider: 'naver.com',
    sub: profile.id,
    email,
    emailVerified: false,
    name: profileName(profile.name ?? profile.nickname, email),
  };
}
