import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { nowMs } from '../../../functions/core/clock.ts';
import { readFields, sendJson } from '../http-helpers.ts';
import {
  authorizeEndpoints,
  CodeStore,
  numericSubject,
  registeredRedirectUri,
  type SandboxPerson,
} from '../oauth-sandbox.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * Kakao Login on one machine, at Kakao's paths below `/_local/kakao/auth` (kauth.kakao.com) and
 * `/_local/kakao/api` (kapi.kakao.com), with OpenID Connect enabled
 * (developers.kakao.com/docs/latest/ko/kakaologin/rest-api, .../trouble-shooting):
 * - `GET /oauth/authorize` (client_id, redirect_uri, response_type=code, state, nonce): an unknown app
 *   key is KOE101, a redirect URI other than the registered one KOE006 (an error page, no redirect), a
 *   response type other than code KOE201; the tester then describes the person, and is sent back to
 *   the redirect URI with `?code=…&state=…` (or `?error=access_denied` on cancel);
 * - `POST /oauth/token` (form: grant_type=authorization_code, client_id, redirect_uri, code,
 *   client_secret): a wrong secret is 401 invalid_client KOE010; a code issued for another redirect URI
 *   KOE303; a code used before, never issued or older than ten minutes 400 invalid_grant KOE320; else the
 *   tokens with an `id_token`: RS256 with this stand-in's key, `iss` the auth host, `aud` the app key,
 *   `sub` the member number, the authorize request's `nonce`;
 * - `GET /.well-known/jwks.json`: the key, as Kakao publishes its keys;
 * - `GET {api}/v2/user/me` with `Authorization: Bearer`: id, properties.nickname and kakao_account
 *   (email with is_email_valid and is_email_verified only when the person shared it; otherwise
 *   email_needs_agreement); an unknown token is 401 code -401.
 * The production adapter (functions/core/adapters/kakao-identity.ts) runs unchanged against it.
 */
const CLIENT_ID = 'c0ffee5a1db0c5e7d2f1a4b8e9c3d6f7';
const CLIENT_SECRET = 'sandbox-kakao-client-secret';
const AUTH = '/_local/kakao/auth';
const API = '/_local/kakao/api';
const TOKEN_SECONDS = 21_599;

export async function start(ctx: StandInContext): Promise<StandIn> {
  const codes = new CodeStore();
  const tokens = new Map<string, { person: SandboxPerson; expiresAt: number }>();
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const kid = randomBytes(8).toString('hex');
  const jwks = { keys: [{ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' }] };
  const issuer = `${ctx.baseUrl}${AUTH}`;
  const redirectUri = registeredRedirectUri(ctx.baseUrl);

  const authorize = authorizeEndpoints(
    {
      title: 'Kakao Login',
      path: `${AUTH}/oauth/authorize`,
      clientId: CLIENT_ID,
      tellsVerification: true,
      subjectOf: numericSubject,
    },
    codes,
    (url) => {
      if (url.searchParams.get('client_id') !== CLIENT_ID)
        return 'KOE101: 잘못된 앱 키입니다 (invalid app key)';
      if (url.searchParams.get('redirect_uri') !== redirectUri)
        return 'KOE006: 등록하지 않은 리다이렉트 URI입니다 (redirect URI not registered)';
      if (url.searchParams.get('response_type') !== 'code')
        return `KOE201: Unsupported response type: ${url.searchParams.get('response_type') ?? ''}`;
      return undefined;
    },
  );
  ctx.registerLocalEndpoint('GET', `${AUTH}/oauth/authorize`, authorize.page);
  ctx.registerLocalEndpoint('GET', `${AUTH}/oauth/authorize/choose`, authorize.choose);
  ctx.registerLocalEndpoint('GET', `${AUTH}/.well-known/jwks.json`, (_req, res) => sendJson(res, 200, jwks));

  ctx.registerLocalEndpoint('POST', `${AUTH}/oauth/token`, async (req, res) => {
    const form = await readFields(req);
    const refuse = (status: number, error: string, code: string, description: string) =>
      sendJson(res, status, { error, error_description: description, error_code: code });
    if (form.grant_type !== 'authorization_code')
      return refuse(400, 'unsupported_grant_type', 'KOE310', 'Unsupported grant type');
    if (form.client_id !== CLIENT_ID) return refuse(401, 'invalid_client', 'KOE101', 'Invalid client');
    if (form.client_secret !== CLIENT_SECRET)
      return refuse(401, 'invalid_client', 'KOE010', 'Bad client credentials');
    const issued = codes.take(String(form.code ?? ''));
    if (!issued)
      return refuse(400, 'invalid_grant', 'KOE320', `authorization code not found for code=${form.code}`);
    if (form.redirect_uri !== issued.redirectUri)
      return refuse(400, 'invalid_grant', 'KOE303', 'Redirect URI mismatch.');
    const now = Math.floor(nowMs() / 1000);
    const accessToken = randomBytes(32).toString('base64url');
    tokens.set(accessToken, { person: issued.person, expiresAt: nowMs() + TOKEN_SECONDS * 1000 });
    const idToken = await new SignJWT({
      auth_time: now,
      nickname: issued.person.name,
      ...(issued.nonce ? { nonce: issued.nonce } : {}),
      ...(issued.person.email ? { email: issued.person.email } : {}),
    })
      .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid })
      .setIssuer(issuer)
      .setAudience(CLIENT_ID)
      .setSubject(issued.person.sub)
      .setIssuedAt(now)
      .setExpirationTime(now + TOKEN_SECONDS)
      .sign(privateKey);
    sendJson(res, 200, {
      token_type: 'bearer',
      access_token: accessToken,
      id_token: idToken,
      expires_in: TOKEN_SECONDS,
      refresh_token: randomBytes(32).toString('base64url'),
      refresh_token_expires_in: 5_183_999,
      scope: `openid profile_nickname${issued.person.email ? ' account_email' : ''}`,
    });
  });

  ctx.registerLocalEndpoint('GET', `${API}/v2/user/me`, (req, res) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const held = token ? tokens.get(token) : undefined;
    if (!held || held.expiresAt < nowMs())
      return sendJson(res, 401, { msg: 'this access token does not exist', code: -401 });
    const { person } = held;
    sendJson(res, 200, {
      id: Number(person.sub),
      connected_at: new Date(nowMs()).toISOString(),
      properties: { nickname: person.name },
      kakao_account: {
        profile_nickname_needs_agreement: false,
        profile: { nickname: person.name },
        has_email: true,
        ...(person.email
          ? {
              email_needs_agreement: false,
              is_email_valid: true,
              is_email_verified: person.emailVerified,
              email: person.email,
            }
          : { email_needs_agreement: true }),
      },
    });
  });

  return {
    env: {
      KAKAO_CLIENT_ID: CLIENT_ID,
      KAKAO_CLIENT_SECRET: CLIENT_SECRET,
      KAKAO_AUTH_URL: issuer,
      KAKAO_API_URL: `${ctx.baseUrl}${API}`,
    },
    secrets: { 'kakao-login': { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } },
    stop: async () => undefined,
  };
}
