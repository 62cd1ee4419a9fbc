import { createRemoteJWKSet, errors as joseErrors, jwtVerify } from 'jose';
import { OUTSIDE_CALL_TIMEOUT_MS } from '../../../shared/timeouts.ts';
import { IdentityError } from '../errors.ts';
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
 * Kakao Login, REST API with OpenID Connect (developers.kakao.com/docs/latest/ko/kakaologin/rest-api):
 * the popup's authorization code is exchanged at `POST {auth}/oauth/token` (grant_type
 * authorization_code, client_id, redirect_uri, code, client_secret; a code works once: KOE320, a redirect
 * URI other than the authorize request's: KOE303); the ID token it answers is checked here, RS256 against
 * Kakao's published keys (`{auth}/.well-known/jwks.json`, fetched once and again only for a new `kid`, as
 * Kakao asks), issuer `https://kauth.kakao.com`, audience our app key and the `nonce` of our authorize
 * request; then `GET {api}/v2/user/me` gives the address with `is_email_valid` and `is_email_verified`
 * (only with the person's consent to `account_email`), for the same person as the token's `sub`.
 * Configuration: KAKAO_LOGIN_SECRET_ARN (JSON {clientId, clientSecret}), or KAKAO_CLIENT_ID and
 * KAKAO_CLIENT_SECRET on one machine, where KAKAO_AUTH_URL and KAKAO_API_URL name the stand-in.
 */
const KAKAO = 'Kakao';

const kakao = providerClient({
  secretArn: 'KAKAO_LOGIN_SECRET_ARN',
  clientId: 'KAKAO_CLIENT_ID',
  clientSecret: 'KAKAO_CLIENT_SECRET',
  auth: { variable: 'KAKAO_AUTH_URL', host: 'https://kauth.kakao.com' },
  api: { variable: 'KAKAO_API_URL', host: 'https://kapi.kakao.com' },
  authorizePath: '/oauth/authorize',
});

export const kakaoSignInClient = kakao.signInClient;

const keySets = new Map<string, ReturnType<typeof createRemoteJWKSet>>();
function kakaoKeys(auth: string) {
  let keys = keySets.get(auth);
  if (!keys) {
    keys = createRemoteJWKSet(new URL(`${auth}/.well-known/jwks.json`), {
      timeoutDuration: OUTSIDE_CALL_TIMEOUT_MS,
    });
    keySets.set(auth, keys);
  }
  return keys;
}

export async function kakaoProfile(grant: CodeGrant): Promise<ProviderProfile> {
  if (!grant.nonce)
    throw new IdentityError('INVALID_ID_TOKEN', 'A Kakao sign-in needs the nonce it was asked with');
  const { auth, api } = kakao.hosts();
  const { clientId, clientSecret } = await kakao.credentials();
  const token = await providerCall(KAKAO, `${auth}/oauth/token`, {
    method: 'POST',
    headers: FORM_HEADERS,
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      client_id: clientId,
      redirect_uri: grant.redirectUri,
      code: grant.code,
      client_secret: clientSecret,
    }).toString(),
  });
  const { access_token: accessToken, id_token: idToken } = token.body ?? {};
  if (token.status !== 200 || typeof accessToken !== 'string') throw refusedBy(KAKAO, token.body);
  if (typeof idToken !== 'string')
    throw new IdentityError('INVALID_ID_TOKEN', 'Kakao answered no ID token: OpenID Connect is not enabled');
  const sub = await verifiedSubject(idToken, { auth, clientId, nonce: grant.nonce });

  const me = await providerCall(KAKAO, `${api}/v2/user/me`, {
    method: 'GET',
    headers: { ...FORM_HEADERS, authorization: `Bearer ${accessToken}` },
  });
  if (me.status !== 200 || String(me.body?.id ?? '') !== sub) throw refusedBy(KAKAO, me.body);
  const account = (me.body?.kakao_account ?? {}) as {
    email?: unknown;
    is_email_valid?: unknown;
    is_email_verified?: unknown;
    profile?: { nickname?: unknown };
  };
  const email = typeof account.email === 'string' && account.email ? account.email : undefined;
  const properties = (me.body?.properties ?? {}) as { nickname?: unknown };
  return {
    provider: 'kakao.com',
    sub,
    email,
    // An address Kakao no longer delivers to (is_email_valid false) proves nothing either.
    emailVerified: Boolean(email) && account.is_email_valid === true && account.is_email_verified === true,
    name: profileName(account.profile?.nickname ?? properties.nickname, email),
  };
}

async function verifiedSubject(
  idToken: string,
  expected: { auth: string; clientId: string; nonce: string },
): Promise<string> {
  try {
    const { payload } = await jwtVerify(idToken, kakaoKeys(expected.auth), {
      issuer: expected.auth,
      audience: expected.clientId,
      algorithms: ['RS256'],
    });
    if (payload.nonce !== expected.nonce)
      throw new IdentityError('INVALID_ID_TOKEN', 'The Kakao ID token is not for this sign-in (nonce)');
    if (typeof payload.sub !== 'string' || !payload.sub)
      throw new IdentityError('INVALID_ID_TOKEN', 'The Kakao ID token names no one');
    return payload.sub;
  } catch (error) {
    if (error instanceof IdentityError) throw error;
    if (error instanceof joseErrors.JWKSTimeout)
      throw new IdentityError('NETWORK_REQUEST_FAILED', "Kakao's keys could not be read");
    throw new IdentityError(
      'INVALID_ID_TOKEN',
      `The Kakao ID token is not valid (${(error as Error).message})`,
    );
  }
}
