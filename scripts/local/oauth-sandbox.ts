import { createHash, randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { nowMs } from '../../functions/core/clock.ts';
import { OAUTH_REDIRECT_PATH } from '../../shared/identity/sign-in-providers.ts';
import { escapeHtml as e, sendHtml } from './http-helpers.ts';

/**
 * What the Kakao and Naver sign-in stand-ins share (scripts/local/stand-ins/kakao.ts, naver.ts): the
 * authorize page where a tester plays the person (which account, whether the address is shared and
 * verified), and the authorization codes it issues. As the real providers do, a code is issued only to
 * the registered client for its registered redirect URI (the site's `/oauth-redirect`, exactly), works
 * once, and lapses after CODE_LIFETIME_MS; the stand-in's own checks at the token endpoint (redirect
 * URI, state, client secret) are each provider's.
 */
export const CODE_LIFETIME_MS = 10 * 60_000;

/** The person a tester plays on the authorize page. */
export interface SandboxPerson {
  /** The provider's stable id of the person, derived from the account the tester named. */
  sub: string;
  /** The address the person shares (none: not shared). */
  email?: string | undefined;
  emailVerified: boolean;
  name: string;
}

export interface IssuedCode {
  person: SandboxPerson;
  clientId: string;
  redirectUri: string;
  state?: string | undefined;
  nonce?: string | undefined;
  issuedAt: number;
}

export interface AuthorizePage {
  /** The provider's name on the page. */
  title: string;
  /** The path of the authorize endpoint, and of its form's answer (`…/choose`). */
  path: string;
  clientId: string;
  /** Whether the page offers an unverified address (Kakao tells; Naver never does). */
  tellsVerification: boolean;
  subjectOf(account: string): string;
}

/** The one redirect URI the product registers with each provider: the sign-in popup's return. */
export function registeredRedirectUri(baseUrl: string): string {
  return `${new URL(baseUrl).origin}${OAUTH_REDIRECT_PATH}`;
}

/** A stable numeric id from an account name, as Kakao's member numbers are. */
export function numericSubject(account: string): string {
  return BigInt(
    `0x${createHash('sha256').update(`kakao:${account.trim().toLowerCase()}`).digest('hex').slice(0, 12)}`,
  ).toString();
}

/** A stable opaque id from an account name, as Naver's per-application ids are. */
export function opaqueSubject(account: string): string {
  return createHash('sha256')
    .update(`naver:${account.trim().toLowerCase()}`)
    .digest('base64url')
    .slice(0, 43);
}

/** The codes a stand-in issued, each taken once. */
export class CodeStore {
  private readonly codes = new Map<string, IssuedCode>();

  issue(code: Omit<IssuedCode, 'issuedAt'>): string {
    const value = randomBytes(32).toString('base64url');
    this.codes.set(value, { ...code, issuedAt: nowMs() });
    return value;
  }

  /** The code's grant, once; undefined when it was never issued, was taken already, or lapsed. */
  take(value: string): IssuedCode | undefined {
    const issued = this.codes.get(value);
    this.codes.delete(value);
    return issued && nowMs() - issued.issuedAt <= CODE_LIFETIME_MS ? issued : undefined;
  }
}

/**
 * The authorize page (GET `path`) and its answer (GET `path/choose`): the request checked as the
 * provider checks it (`refusal` answers a refused one with the provider's error page), then the person
 * the tester describes returned to the redirect URI with a fresh code and the request's state.
 */
export function authorizeEndpoints(
  page: AuthorizePage,
  codes: CodeStore,
  refusal: (url: URL) => string | undefined,
): Record<'page' | 'choose', (req: IncomingMessage, res: ServerResponse) => void> {
  const fromRequest = (req: IncomingMessage) => new URL(req.url ?? '', 'http://sandbox');
  const refused = (res: ServerResponse, url: URL) => {
    const problem = refusal(url);
    if (!problem) return false;
    sendHtml(
      res,
      400,
      `<!doctype html><meta charset="utf-8"><title>${e(page.title)}: error</title><p>${e(problem)}</p>`,
    );
    return true;
  };
  const back = (res: ServerResponse, url: URL, fields: Record<string, string>) => {
    const target = new URL(url.searchParams.get('redirect_uri') ?? '');
    const state = url.searchParams.get('state');
    for (const [name, value] of Object.entries({ ...fields, ...(state ? { state } : {}) }))
      target.searchParams.set(name, value);
    res.writeHead(302, { location: target.toString(), 'cache-control': 'no-store' });
    res.end();
  };
  return {
    page: (req, res) => {
      const url = fromRequest(req);
      if (refused(res, url)) return;
      const hidden = [...url.searchParams]
        .map(([name, value]) => `<input type="hidden" name="${e(name)}" value="${e(value)}">`)
        .join('');
      sendHtml(
        res,
        200,
        `<!doctype html><html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(page.title)} (sandbox)</title>
<main style="font-family:system-ui;max-width:28rem;margin:2rem auto;padding:0 1rem">
<h1>${e(page.title)}</h1><p>Local sandbox: no real account is used. Describe the person signing in.</p>
<form method="get" action="${e(page.path)}/choose">${hidden}
<p><label>Account <input name="account" required autocomplete="off"></label></p>
<p><label>Name <input name="name" autocomplete="off"></label></p>
<p><label>E-mail shared <input name="email" type="email" autocomplete="off"></label></p>
${page.tellsVerification ? '<p><label><input type="checkbox" name="verified" value="1" checked> The provider verified this e-mail</label></p>' : ''}
<p><button type="submit">Agree and continue</button></p></form>
<form method="get" action="${e(page.path)}/choose">${hidden}<input type="hidden" name="cancel" value="1"><button type="submit">Cancel</button></form>
</main></html>`,
      );
    },
    choose: (req, res) => {
      const url = fromRequest(req);
      if (refused(res, url)) return;
      if (url.searchParams.get('cancel'))
        return back(res, url, { error: 'access_denied', error_description: 'User denied access' });
      const account = (url.searchParams.get('account') ?? '').trim();
      if (!account) return back(res, url, { error: 'invalid_request', error_description: 'No account' });
      const email = (url.searchParams.get('email') ?? '').trim() || undefined;
      const person: SandboxPerson = {
        sub: page.subjectOf(account),
        email,
        emailVerified:
          Boolean(email) && (!page.tellsVerification || url.searchParams.get('verified') === '1'),
        name: (url.searchParams.get('name') ?? '').trim() || account,
      };
      const code = codes.issue({
        person,
        clientId: page.clientId,
        redirectUri: url.searchParams.get('redirect_uri') ?? '',
        state: url.searchParams.get('state') ?? undefined,
        nonce: url.searchParams.get('nonce') ?? undefined,
      });
      return back(res, url, { code });
    },
  };
}
