import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nowMs } from '../../../functions/core/clock.ts';
import { readFields, sendJson } from '../http-helpers.ts';
import {
  authorizeEndpoints,
  CodeStore,
  opaqueSubject,
  registeredRedirectUri,
  type SandboxPerson,
} from '../oauth-sandbox.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * Naver Login on one machine, at Naver's paths below `/_local/naver/nid` (nid.naver.com) and
 * `/_local/naver/openapi` (openapi.naver.com) (developers.naver.com/docs/login/api/api.md,
 * .../profile/profile.md):
 * - `GET /oauth2.0/authorize` (response_type=code, client_id, redirect_uri, state): an unknown client
 *   or a callback URL other than the registered one is an error page; the tester then describes the
 *   person and is sent back with `?code=…&state=…` (or `?error=access_denied&state=…`);
 * - `GET|POST /oauth2.0/token` (grant_type=authorization_code, client_id, client_secret, code, state):
 *   a wrong client answers `invalid_client`; a code used before, never issued, older than ten minutes or
 *   presented with another state than its authorize request's answers `invalid_request` "no valid data
 *   in session"; Naver answers these with HTTP 200 and the error in the body, as here;
 * - `GET {openapi}/v1/nid/me` with `Authorization: Bearer`: `{resultcode: "00", message: "success",
 *   response: {id, name, nickname, email}}` (email only when the person shared it); an unknown token is
 *   401 resultcode "024".
 * The production adapter (functions/core/adapters/naver-identity.ts) runs unchanged against it.
 */
const CLIENT_ID = 'CutloomSandboxNid';
const CLIENT_SECRET = 'sandbox-naver-secret';
const NID = '/_local/naver/nid';
const OPENAPI = '/_local/naver/openapi';
const TOKEN_SECONDS = 3600;

export async function start(ctx: StandInContext): Promise<StandIn> {
  const codes = new CodeStore();
  const tokens = new Map<string, { person: SandboxPerson; expiresAt: number }>();
  const redirectUri = registeredRedirectUri(ctx.baseUrl);

  const authorize = authorizeEndpoints(
    {
      title: 'Naver Login',
      path: `${NID}/oauth2.0/authorize`,
      clientId: CLIENT_ID,
      tellsVerification: false,
      subjectOf: opaqueSubject,
    },
    codes,
    (url) => {
      if (url.searchParams.get('client_id') !== CLIENT_ID)
        return 'invalid_client: 등록되지 않은 애플리케이션입니다';
      if (url.searchParams.get('redirect_uri') !== redirectUri)
        return 'invalid_request: 등록된 Callback URL과 일치하지 않습니다 (callback URL not registered)';
      if (url.searchParams.get('response_type') !== 'code') return 'unsupported_response_type';
      if (!url.searchParams.get('state')) return 'invalid_request: state is required';
      return undefined;
    },
  );
  ctx.registerLocalEndpoint('GET', `${NID}/oauth2.0/authorize`, authorize.page);
  ctx.registerLocalEndpoint('GET', `${NID}/oauth2.0/authorize/choose`, authorize.choose);

  const token = async (req: IncomingMessage, res: ServerResponse) => {
    const query = Object.fromEntries(new URL(req.url ?? '', ctx.baseUrl).searchParams);
    const form = { ...query, ...(req.method === 'POST' ? await readFields(req) : {}) };
    const refuse = (error: string, description: string) =>
      sendJson(res, 200, { error, error_description: description });
    if (form.grant_type !== 'authorization_code')
      return refuse('unsupported_grant_type', 'grant_type is invalid');
    if (form.client_id !== CLIENT_ID || form.client_secret !== CLIENT_SECRET)
      return refuse('invalid_client', 'client authentication failed');
    const issued = codes.take(String(form.code ?? ''));
    if (!issued || !form.state || form.state !== issued.state)
      return refuse('invalid_request', 'no valid data in session');
    const accessToken = randomBytes(32).toString('base64url');
    tokens.set(accessToken, { person: issued.person, expiresAt: nowMs() + TOKEN_SECONDS * 1000 });
    sendJson(res, 200, {
      access_token: accessToken,
      refresh_token: randomBytes(32).toString('base64url'),
      token_type: 'bearer',
      expires_in: String(TOKEN_SECONDS),
    });
  };
  ctx.registerLocalEndpoint('GET', `${NID}/oauth2.0/token`, token);
  ctx.registerLocalEndpoint('POST', `${NID}/oauth2.0/token`, token);

  ctx.registerLocalEndpoint('GET', `${OPENAPI}/v1/nid/me`, (req, res) => {
    const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const held = bearer ? tokens.get(bearer) : undefined;
    if (!held || held.expiresAt < nowMs())
      return sendJson(res, 401, {
        resultcode: '024',
        message: 'Authentication failed / 인증에 실패했습니다.',
      });
    const { person } = held;
    sendJson(res, 200, {
      resultcode: '00',
      message: 'success',
      response: {
        id: person.sub,
        name: person.name,
        nickname: person.name,
        ...(person.email ? { email: person.email } : {}),
      },
    });
  });

  return {
    env: {
      NAVER_LOGIN_CLIENT_ID: CLIENT_ID,
      NAVER_LOGIN_CLIENT_SECRET: CLIENT_SECRET,
      NAVER_LOGIN_AUTH_URL: `${ctx.baseUrl}${NID}`,
      NAVER_LOGIN_API_URL: `${ctx.baseUrl}${OPENAPI}`,
    },
    secrets: { 'naver-login': { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET } },
    stop: async () => undefined,
  };
}
