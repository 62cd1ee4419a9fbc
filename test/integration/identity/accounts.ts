import { inject } from 'vitest';
import { signIn, signUp, verifyEmail } from '../../../shared/api/identity.ts';
import { type Answer, type CallOptions, call, send, uniqueId } from '../helpers.ts';

/**
 * Helpers of the identity tests: accounts made through the real routes, the local outbox, the Google
 * sandbox and the refresh cookie.
 */
export const PASSWORD = 'secret-pass1';

export function newEmail(prefix = 'user'): string {
  return `${uniqueId(prefix)}@example.com`;
}

export function signUpInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Test Person',
    email: newEmail(),
    password: PASSWORD,
    language: 'en',
    clientType: 'landing',
    ...overrides,
  };
}

export interface OutboxMail {
  to: string[];
  subject: string;
  text: string;
  links: string[];
}

export async function outbox(baseUrl = inject('apiUrl')): Promise<OutboxMail[]> {
  const answer = await send(new URL('/_local/outbox.json', baseUrl), { method: 'GET' });
  return answer.body as OutboxMail[];
}

/** The mails sent to an address, newest first. */
export async function mailsTo(address: string): Promise<OutboxMail[]> {
  return (await outbox()).filter((mail) => mail.to.includes(address));
}

/** The token of the newest link mailed to an address. */
export async function mailedToken(address: string): Promise<string> {
  const [mail] = await mailsTo(address);
  const link = mail?.links[0];
  if (!link) throw new Error(`No link was mailed to ${address}`);
  return new URL(link).searchParams.get('token') ?? '';
}

/** An account signed up and verified through the routes, as a customer would. */
export async function verifiedAccount(overrides: Record<string, unknown> = {}) {
  const input = signUpInput(overrides);
  const created = await call(signUp, input);
  if (created.status !== 200) throw new Error(`sign-up failed: ${JSON.stringify(created.body)}`);
  const email = String(input.email);
  await call(verifyEmail, { token: await mailedToken(email) });
  return { email, password: String(input.password), uid: created.body.user.uid as string };
}

export function signInAs(
  account: { email: string; password: string },
  extra: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<Answer> {
  return call(
    signIn,
    { email: account.email, password: account.password, clientType: 'landing', language: 'en', ...extra },
    options,
  );
}

/** The refresh cookie an answer sets: `name=value` to send back, and its attributes. */
export function refreshCookie(
  answer: Answer,
): { pair: string; value: string; attributes: string } | undefined {
  const cookie = answer.headers.getSetCookie().find((line) => /^cutloom_(console_)?rt=/.test(line));
  if (!cookie) return undefined;
  const [pair = '', ...attributes] = cookie.split(';').map((part) => part.trim());
  return { pair, value: pair.slice(pair.indexOf('=') + 1), attributes: attributes.join('; ') };
}

/** A Google access token from the sandbox, as the chooser page hands it to the redirect URI. */
export async function googleAccessToken(
  email: string,
  name = 'Google Person',
  base = inject('apiUrl'),
): Promise<string> {
  const url = new URL('/_local/google/o/oauth2/v2/auth/choose', base);
  const params = {
    client_id: 'cutloom-local.apps.googleusercontent.com',
    redirect_uri: `${base}/oauth-redirect`,
    response_type: 'token',
    scope: 'email profile',
    prompt: 'select_account',
    state: 'test',
    email,
    name,
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const answer = await send(url, { method: 'GET' });
  const location = answer.headers.get('location') ?? '';
  const token = new URLSearchParams(location.split('#')[1] ?? '').get('access_token');
  if (!token) throw new Error(`The sandbox gave no token: ${location}`);
  return token;
}

/** The person a tester plays on a Kakao or Naver sandbox page. */
export interface SandboxPerson {
  account: string;
  email?: string;
  name?: string;
  /** Kakao only: whether Kakao verified the address (default yes). */
  verified?: boolean;
}

/** A popup's return from the Kakao or Naver sandbox: the code, and what the authorize request carried. */
export interface ProviderReturn {
  code: string;
  state: string;
  nonce: string;
  redirectUri: string;
}

const SANDBOX_AUTHORIZE = {
  'kakao.com': '/_local/kakao/auth/oauth/authorize/choose',
  'naver.com': '/_local/naver/nid/oauth2.0/authorize/choose',
} as const;

/**
 * An authorization code from the Kakao or Naver sandbox, as its page hands it to the redirect URI
 * (`clientId` is the app's, from oauth-config).
 */
export async function providerCode(
  provider: keyof typeof SANDBOX_AUTHORIZE,
  clientId: string,
  person: SandboxPerson,
  base = inject('apiUrl'),
): Promise<ProviderReturn> {
  const redirectUri = `${new URL(base).origin}/oauth-redirect`;
  const state = uniqueId('state');
  const nonce = uniqueId('nonce');
  const url = new URL(SANDBOX_AUTHORIZE[provider], base);
  const params = {
    client_id: clientId,
    redirect_uri: redirectUri,
    response_type: 'code',
    state,
    nonce,
    account: person.account,
    name: person.name ?? person.account,
    ...(person.email ? { email: person.email } : {}),
    ...(person.verified === false ? {} : { verified: '1' }),
  };
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const answer = await send(url, { method: 'GET' });
  const location = new URL(answer.headers.get('location') ?? '', base);
  const code = location.searchParams.get('code');
  if (!code || location.searchParams.get('state') !== state)
    throw new Error(`The sandbox gave no code: ${location}`);
  return { code, state, nonce, redirectUri };
}
