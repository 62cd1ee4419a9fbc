import { beforeAll, describe, expect, inject, it } from 'vitest';
import {
  oauthConfig,
  oauthLink,
  oauthSignIn,
  oauthSignUp,
  signUp,
  signUpStatus,
  verifyEmail,
} from '../../../shared/api/identity.ts';
import { call, send, uniqueId } from '../helpers.ts';
import {
  googleAccessToken,
  mailedToken,
  mailsTo,
  newEmail,
  PASSWORD,
  type ProviderReturn,
  providerCode,
  type SandboxPerson,
  signInAs,
  signUpInput,
  verifiedAccount,
} from './accounts.ts';

/**
 * Sign-in with Kakao and Naver over HTTP, against their sandboxes (scripts/local/stand-ins/kakao.ts,
 * naver.ts), which refuse what the providers refuse: the account an identity opens, the sign-up of an
 * address the provider proved or did not, the link to a password account only by its password, and the
 * refusals of a reused code, another redirect URI, a forged state, nonce or ticket.
 */
const caller = { clientType: 'landing', language: 'ko' } as const;
let clients: { kakao: string; naver: string };

beforeAll(async () => {
  const { body } = await call(oauthConfig, {});
  clients = { kakao: body.kakao.clientId, naver: body.naver.clientId };
});

type Provider = 'kakao.com' | 'naver.com';
const clientOf = (provider: Provider) => (provider === 'kakao.com' ? clients.kakao : clients.naver);

function code(provider: Provider, person: SandboxPerson): Promise<ProviderReturn> {
  return providerCode(provider, clientOf(provider), person);
}

/** oauth-sign-in with a popup's return, as the web sends it. */
function signInWithCode(provider: Provider, given: ProviderReturn, extra: Record<string, unknown> = {}) {
  return call(oauthSignIn, {
    ...caller,
    providerId: provider,
    credentialType: 'authorization_code',
    credential: given.code,
    redirectUri: given.redirectUri,
    ...(provider === 'kakao.com' ? { nonce: given.nonce } : { state: given.state }),
    throwIfNotExists: true,
    ...extra,
  });
}

const ticketCall = (provider: Provider, ticket: string) => ({
  ...caller,
  providerId: provider,
  credentialType: 'provider_ticket',
  credential: ticket,
});

describe('Kakao and Naver sign-in', () => {
  it('tells the browser where each provider authorizes, and our client there', async () => {
    const { body, headers } = await call(oauthConfig, {});
    expect(body.kakao.authorizeUrl).toMatch(/\/_local\/kakao\/auth\/oauth\/authorize$/);
    expect(body.naver.authorizeUrl).toMatch(/\/_local\/naver\/nid\/oauth2\.0\/authorize$/);
    expect(body.kakao.clientId).toMatch(/^[0-9a-f]{32}$/);
    expect(headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('Kakao with an address Kakao verified: EMAIL_NOT_FOUND, sign-up, sign-in; later codes sign in by the link', async () => {
    const email = newEmail('kakao');
    const person = { account: uniqueId('kakao'), email, name: '김카카오' };
    const unknown = await signInWithCode('kakao.com', await code('kakao.com', person));
    expect(unknown).toMatchObject({
      status: 401,
      body: { error: { code: 'EMAIL_NOT_FOUND', errorCode: 'A26' } },
    });
    const ticket = unknown.body.error.ticket as string;
    expect(unknown.body.error.emailMissing).toBeUndefined();

    const created = await call(oauthSignUp, {
      ...ticketCall('kakao.com', ticket),
      referralInfo: { referralType: 'affiliate', referralCode: 'FRIEND' },
    });
    expect(created.body).toEqual({
      result: {
        isSignUp: true,
        user: expect.objectContaining({
          email,
          name: '김카카오',
          emailVerified: true,
          providers: ['kakao.com'],
        }),
      },
    });
    const signedIn = await call(oauthSignIn, { ...ticketCall('kakao.com', ticket), throwIfNotExists: true });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(email);

    // Kakao later shares no address at all: the identity still opens its account.
    const again = await signInWithCode('kakao.com', await code('kakao.com', { account: person.account }));
    expect(again.status).toBe(200);
    expect(again.body.user.uid).toBe(signedIn.body.user.uid);
  });

  it('refuses a code used twice, one issued for another redirect URI, and a nonce not of this sign-in', async () => {
    const person = { account: uniqueId('kakao'), email: newEmail('kakao') };
    const first = await code('kakao.com', person);
    expect((await signInWithCode('kakao.com', first)).body.error.code).toBe('EMAIL_NOT_FOUND');
    const reused = await signInWithCode('kakao.com', first);
    expect(reused).toMatchObject({
      status: 401,
      body: { error: { code: 'INVALID_ID_TOKEN', providerCode: 'KOE320' } },
    });

    const other = await code('kakao.com', person);
    const elsewhere = await signInWithCode('kakao.com', {
      ...other,
      redirectUri: 'https://evil.example/oauth-redirect',
    });
    expect(elsewhere.body.error).toMatchObject({ code: 'INVALID_ID_TOKEN', providerCode: 'KOE303' });

    const forged = await signInWithCode('kakao.com', {
      ...(await code('kakao.com', person)),
      nonce: 'not-this-one',
    });
    expect(forged.body.error.code).toBe('INVALID_ID_TOKEN');
    expect(forged.body.error.msg).toMatch(/nonce/);

    // The authorize request itself is refused for a redirect URI Kakao does not know (KOE006).
    const page = new URL('/_local/kakao/auth/oauth/authorize', inject('apiUrl'));
    page.search = new URLSearchParams({
      client_id: clients.kakao,
      response_type: 'code',
      redirect_uri: 'https://evil.example/oauth-redirect',
    }).toString();
    const refused = await send(page, { method: 'GET' });
    expect(refused.status).toBe(400);
    expect(String(refused.body)).toContain('KOE006');
  });

  it('Naver refuses a code presented with another state than its own, and a forged ticket is refused', async () => {
    const person = { account: uniqueId('naver'), email: newEmail('naver') };
    const given = await code('naver.com', person);
    const wrongState = await signInWithCode('naver.com', { ...given, state: 'forged' });
    expect(wrongState.body.error).toMatchObject({
      code: 'INVALID_ID_TOKEN',
      providerCode: 'invalid_request',
    });
    // The code went with that attempt: the right state cannot use it any more.
    expect((await signInWithCode('naver.com', given)).body.error.code).toBe('INVALID_ID_TOKEN');

    const forged = await call(oauthSignIn, {
      ...ticketCall('naver.com', 'eyJhbGciOiJIUzI1NiJ9.e30.x'),
      throwIfNotExists: true,
    });
    expect(forged.body.error.code).toBe('INVALID_ID_TOKEN');
    // A Kakao ticket is no Naver identity.
    const kakao = await signInWithCode(
      'kakao.com',
      await code('kakao.com', { account: uniqueId('k'), email: newEmail('k') }),
    );
    const crossed = await call(oauthSignUp, ticketCall('naver.com', kakao.body.error.ticket));
    expect(crossed.body.error.code).toBe('INVALID_ID_TOKEN');
  });

  it('Naver: the address is verified by our mail first, then the identity signs in', async () => {
    const email = newEmail('naver');
    const person = { account: uniqueId('naver'), email, name: '이네이버' };
    const unknown = await signInWithCode('naver.com', await code('naver.com', person));
    const ticket = unknown.body.error.ticket as string;
    const created = await call(oauthSignUp, ticketCall('naver.com', ticket));
    expect(created.body.result).toMatchObject({
      isSignUp: true,
      user: { emailVerified: false, providers: ['naver.com'] },
    });
    expect(created.body.sessionId).toEqual(expect.any(String));
    const waiting = await call(oauthSignIn, { ...ticketCall('naver.com', ticket), throwIfNotExists: true });
    expect(waiting.body.error).toMatchObject({ code: 'USER_UNVERIFIED', emailVerified: false });

    expect((await mailsTo(email)).length).toBe(1);
    await call(verifyEmail, { token: await mailedToken(email) });
    const pending = await call(signUpStatus, { sessionId: created.body.sessionId, ...caller });
    expect(pending.body).toMatchObject({ emailVerified: true, session: { idToken: expect.any(String) } });
    const later = await signInWithCode('naver.com', await code('naver.com', person));
    expect(later.status).toBe(200);
  });

  it('Kakao without an address: the visitor types one, which our mail verifies', async () => {
    const person = { account: uniqueId('kakao') };
    const unknown = await signInWithCode('kakao.com', await code('kakao.com', person));
    expect(unknown.body.error).toMatchObject({ code: 'EMAIL_NOT_FOUND', emailMissing: true });
    const ticket = unknown.body.error.ticket as string;
    expect((await call(oauthSignUp, ticketCall('kakao.com', ticket))).body.error.code).toBe('INVALID_EMAIL');
    const email = newEmail('typed');
    const created = await call(oauthSignUp, { ...ticketCall('kakao.com', ticket), email });
    expect(created.body.result.user).toMatchObject({ email, emailVerified: false });
    await call(verifyEmail, { token: await mailedToken(email) });
    const later = await signInWithCode('kakao.com', await code('kakao.com', person));
    expect(later.status).toBe(200);
    expect(later.body.user.email).toBe(email);
  });

  it("an address with a password account is linked only by that account's password", async () => {
    const account = await verifiedAccount();
    const person = { account: uniqueId('kakao'), email: account.email };
    const claim = await signInWithCode('kakao.com', await code('kakao.com', person));
    expect(claim).toMatchObject({
      status: 409,
      body: {
        error: {
          code: 'ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL',
          errorCode: 'A06',
          providers: ['password'],
        },
      },
    });
    const ticket = claim.body.error.ticket as string;
    const wrong = await call(oauthLink, { ...ticketCall('kakao.com', ticket), password: 'not-it-42' });
    expect(wrong.body.error.code).toBe('INVALID_PASSWORD');
    // Still no link: Kakao alone does not open the account.
    const still = await signInWithCode('kakao.com', await code('kakao.com', person));
    expect(still.body.error.code).toBe('ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL');

    const linked = await call(oauthLink, {
      ...ticketCall('kakao.com', still.body.error.ticket),
      password: account.password,
    });
    expect(linked.status).toBe(200);
    expect(linked.body.user).toMatchObject({ uid: account.uid, providers: ['password', 'kakao.com'] });
    expect((await signInWithCode('kakao.com', await code('kakao.com', person))).body.user.uid).toBe(
      account.uid,
    );
    expect((await signInAs(account)).status).toBe(200);
  });

  it('an address with a Google account: told to sign in with Google, no link offered', async () => {
    const email = newEmail('google');
    await call(oauthSignUp, {
      ...caller,
      credentialType: 'access_token',
      providerId: 'google.com',
      credential: await googleAccessToken(email),
    });
    const claim = await signInWithCode(
      'naver.com',
      await code('naver.com', { account: uniqueId('n'), email }),
    );
    expect(claim.body.error).toMatchObject({
      code: 'ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL',
      providers: ['google.com'],
    });
    expect(claim.body.error.ticket).toBeUndefined();
  });

  it('an address Kakao proved takes a never-verified password account over: the password goes', async () => {
    const input = signUpInput();
    await call(signUp, input);
    const email = String(input.email);
    const taken = await signInWithCode(
      'kakao.com',
      await code('kakao.com', { account: uniqueId('kakao'), email }),
    );
    expect(taken.body.user).toMatchObject({ emailVerified: true, providers: ['kakao.com'] });
    expect((await signInAs({ email, password: PASSWORD })).body.error.code).toBe('INVALID_PASSWORD');
  });

  it('a Naver identity linked to a never-verified address goes when Google proves the address', async () => {
    const email = newEmail('claimed');
    const person = { account: uniqueId('naver'), email };
    const unknown = await signInWithCode('naver.com', await code('naver.com', person));
    await call(oauthSignUp, ticketCall('naver.com', unknown.body.error.ticket));
    const google = await call(oauthSignIn, {
      ...caller,
      credentialType: 'access_token',
      providerId: 'google.com',
      credential: await googleAccessToken(email),
      throwIfNotExists: true,
    });
    expect(google.body.user).toMatchObject({ emailVerified: true, providers: ['google.com'] });
    const claim = await signInWithCode('naver.com', await code('naver.com', person));
    expect(claim.body.error).toMatchObject({
      code: 'ACCOUNT_EXISTS_WITH_DIFFERENT_CREDENTIAL',
      providers: ['google.com'],
    });
  });
});
