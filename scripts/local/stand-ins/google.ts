import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * Google sign-in on one machine: the pieces of Google's OAuth 2.0 implicit flow the product uses, at
 * the same paths below `/_local/google`:
 * - `GET /o/oauth2/v2/auth` (client_id, redirect_uri, response_type=token, scope, prompt, state): the
 *   account chooser. The tester picks an account or types an address and a name; the page then
 *   redirects to redirect_uri with `#access_token=…&token_type=Bearer&expires_in=3599&scope=…&state=…`,
 *   or with `#error=access_denied&state=…` on cancel, as Google does.
 * - `GET /tokeninfo?access_token=` (aud, azp, sub, email, email_verified, expires_in, scope);
 * - `GET /oauth2/v3/userinfo` with `Authorization: Bearer` (sub, name, email, email_verified).
 * The server's adapter (functions/core/adapters/google-identity.ts) is pointed here by GOOGLE_*_URL.
 * Like Google, it accepts only the registered client id and redirect URIs on the site's own origin.
 */
export const SANDBOX_CLIENT_ID = 'cutloom-local.apps.googleusercontent.com';
const PREFIX = '/_local/google';
const TOKEN_SECONDS = 3599;

/** Accounts offered on the chooser; any other address can be typed in. */
const SUGGESTED = [
  { email: 'google.tester@cutloom.local', name: 'Google Tester' },
  { email: 'demo@cutloom.local', name: 'Demo Customer' },
];

interface IssuedToken {
  sub: string;
  email: string;
  name: string;
  aud: string;
  expiresAt: number;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

/** Google's `sub` is stable per account: here it is derived from the address. */
function subjectOf(email: string): string {
  return BigInt(
    `0x${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 15)}`,
  ).toString();
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

export async function start(ctx: StandInContext): Promise<StandIn> {
  const tokens = new Map<string, IssuedToken>();
  const origin = new URL(ctx.baseUrl).origin;

  function checkRequest(url: URL): string | undefined {
    if (url.searchParams.get('client_id') !== SANDBOX_CLIENT_ID) return 'invalid_client: unknown client_id';
    const redirect = url.searchParams.get('redirect_uri') ?? '';
    let redirectOrigin = '';
    try {
      redirectOrigin = new URL(redirect).origin;
    } catch {
      return 'redirect_uri_mismatch: redirect_uri is not a URL';
    }
    if (redirectOrigin !== origin) return `redirect_uri_mismatch: ${redirect} is not registered`;
    if (url.searchParams.get('response_type') !== 'token') return 'unsupported_response_type: only token';
    return undefined;
  }

  /** Answers a bad authorize request as Google does (an error page, no redirect); true if refused. */
  function refused(res: ServerResponse, url: URL): boolean {
    const problem = checkRequest(url);
    if (!problem) return false;
    res.writeHead(400, { 'content-type': 'text/plain; charset=utf-8' });
    res.end(`Error 400: ${problem}`);
    return true;
  }

  function fragmentRedirect(res: ServerResponse, url: URL, fields: Record<string, string>) {
    const state = url.searchParams.get('state');
    const hash = new URLSearchParams({ ...fields, ...(state ? { state } : {}) });
    res.writeHead(302, {
      location: `${url.searchParams.get('redirect_uri')}#${hash}`,
      'cache-control': 'no-store',
    });
    res.end();
  }

  ctx.registerLocalEndpoint(
    'GET',
    `${PREFIX}/o/oauth2/v2/auth`,
    (req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '', ctx.baseUrl);
      if (refused(res, url)) return;
      const hidden = [...url.searchParams]
        .map(
          ([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`,
        )
        .join('');
      const choices = SUGGESTED.map(
        (account) =>
          `<li><form method="get" action="${PREFIX}/o/oauth2/v2/auth/choose">${hidden}<input type="hidden" name="email" value="${escapeHtml(account.email)}"><input type="hidden" name="name" value="${escapeHtml(account.name)}"><button type="submit">${escapeHtml(account.name)} &lt;${escapeHtml(account.email)}&gt;</button></form></li>`,
      ).join('');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
      res.end(`<!doctype html><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Choose an account (Google sandbox)</title>
<main style="font-family:system-ui;max-width:28rem;margin:3rem auto">
<h1>Choose an account</h1><p>Local Google sandbox: no real Google account is used.</p>
<ul style="list-style:none;padding:0">${choices}</ul>
<h2>Use another account</h2>
<form method="get" action="${PREFIX}/o/oauth2/v2/auth/choose">${hidden}
<p><label>E-mail <input name="email" type="email" required></label></p>
<p><label>Name <input name="name" required></label></p>
<p><button type="submit">Continue</button></p></form>
<form method="get" action="${PREFIX}/o/oauth2/v2/auth/choose">${hidden}<input type="hidden" name="cancel" value="1"><button type="submit">Cancel</button></form>
</main>`);
    },
  );

  ctx.registerLocalEndpoint('GET', `${PREFIX}/o/oauth2/v2/auth/choose`, (req, res) => {
    const url = new URL(req.url ?? '', ctx.baseUrl);
    if (refused(res, url)) return;
    if (url.searchParams.get('cancel')) return fragmentRedirect(res, url, { error: 'access_denied' });
    const email = (url.searchParams.get('email') ?? '').trim();
    const name = (url.searchParams.get('name') ?? '').trim() || email.split('@')[0] || 'Google user';
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) return fragmentRedirect(res, url, { error: 'invalid_request' });
    const token = `ya29.sandbox-${randomBytes(24).toString('base64url')}`;
    tokens.set(token, {
      sub: subjectOf(email),
      email,
      name,
      aud: SANDBOX_CLIENT_ID,
      expiresAt: Date.now() + TOKEN_SECONDS * 1000,
    });
    return fragmentRedirect(res, url, {
      access_token: token,
      token_type: 'Bearer',
      expires_in: String(TOKEN_SECONDS),
      scope: url.searchParams.get('scope') ?? 'email profile',
    });
  });

  const live = (token: string | undefined) => {
    const issued = token ? tokens.get(token) : undefined;
    return issued && issued.expiresAt > Date.now() ? issued : undefined;
  };

  ctx.registerLocalEndpoint('GET', `${PREFIX}/tokeninfo`, (req, res) => {
    const token = new URL(req.url ?? '', ctx.baseUrl).searchParams.get('access_token') ?? undefined;
    const issued = live(token);
    if (!issued) return json(res, 400, { error: 'invalid_token', error_description: 'Invalid Value' });
    return json(res, 200, {
      azp: issued.aud,
      aud: issued.aud,
      sub: issued.sub,
      scope:
        'https://www.googleapis.com/auth/userinfo.email https://www.googleapis.com/auth/userinfo.profile openid',
      exp: String(Math.floor(issued.expiresAt / 1000)),
      expires_in: String(Math.floor((issued.expiresAt - Date.now()) / 1000)),
      email: issued.email,
      email_verified: 'true',
      access_type: 'online',
    });
  });

  ctx.registerLocalEndpoint('GET', `${PREFIX}/oauth2/v3/userinfo`, (req, res) => {
    const token = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1];
    const issued = live(token);
    if (!issued)
      return json(res, 401, { error: 'invalid_request', error_description: 'Invalid Credentials' });
    return json(res, 200, {
      sub: issued.sub,
      name: issued.name,
      given_name: issued.name.split(' ')[0],
      email: issued.email,
      email_verified: true,
    });
  });

  return {
    env: {
      GOOGLE_CLIENT_ID: SANDBOX_CLIENT_ID,
      GOOGLE_AUTHORIZE_URL: `${ctx.baseUrl}${PREFIX}/o/oauth2/v2/auth`,
      GOOGLE_TOKENINFO_URL: `${ctx.baseUrl}${PREFIX}/tokeninfo`,
      GOOGLE_USERINFO_URL: `${ctx.baseUrl}${PREFIX}/oauth2/v3/userinfo`,
    },
    stop: async () => undefined,
  };
}
