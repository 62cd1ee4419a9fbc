import { describe, expect, it } from 'vitest';
import { signLinkToken } from '../../../functions/core/identity/id-token.ts';
import { signUp, signUpStatus, verifyEmail } from '../../../shared/api/identity.ts';
import { call } from '../helpers.ts';
import { mailedToken, mailsTo, newEmail, PASSWORD, signInAs, signUpInput } from './accounts.ts';

describe('sign-up', () => {
  it('creates an unverified account, mails the verification link and answers a sign-up session', async () => {
    const input = signUpInput({
      name: '김 민준',
      language: 'ko',
      referralInfo: { referralType: 'affiliate', referralCode: 'SPRING2026' },
      utmParams: { utm_source: 'newsletter', utm_campaign: 'launch' },
      cid: 'w-123',
    });
    const answer = await call(signUp, input);
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({
      name: '김 민준',
      email: input.email,
      emailVerified: false,
      isMinor: false,
      language: 'ko',
      referralType: 'affiliate',
      referralCode: 'SPRING2026',
      providers: ['password'],
    });
    expect(answer.body.sessionId).toEqual(expect.any(String));
    expect(answer.body.maintenance).toBeUndefined();
    const [mail] = await mailsTo(String(input.email));
    expect(mail?.subject).toContain('이메일');
    expect(mail?.links[0]).toMatch(/\/ko\/signup\/verify\?token=/);
    // Not verified yet: sign-in is refused with the unverified-user error.
    expect(await signInAs({ email: String(input.email), password: PASSWORD })).toMatchObject({
      status: 403,
      body: { error: { code: 'USER_UNVERIFIED', firebaseCode: 'USER_UNVERIFIED', errorCode: 'A17' } },
    });
  });

  it('the pending page waits, then exchanges the sign-up session once for a signed-in session', async () => {
    const input = signUpInput();
    const { body } = await call(signUp, input);
    const status = { sessionId: body.sessionId, clientType: 'landing', language: 'en' };
    expect((await call(signUpStatus, status)).body).toEqual({ emailVerified: false });

    const verified = await call(verifyEmail, { token: await mailedToken(String(input.email)) });
    expect(verified.body).toEqual({ verified: 'email', emailVerified: true });

    const signedIn = await call(signUpStatus, status);
    expect(signedIn.status).toBe(200);
    expect(signedIn.body).toMatchObject({ emailVerified: true, user: { email: input.email } });
    expect(signedIn.body.session.idToken).toEqual(expect.any(String));
    expect(signedIn.headers.getSetCookie().join()).toMatch(/^cutloom_rt=/);
    expect(await call(signUpStatus, status)).toMatchObject({
      status: 401,
      body: { error: { code: 'TOKEN_EXPIRED' } },
    });
    expect(await call(signUpStatus, { ...status, sessionId: 'x'.repeat(43) })).toMatchObject({
      status: 401,
      body: { error: { code: 'TOKEN_EXPIRED' } },
    });
    expect(await call(signUpStatus, { ...status, sessionId: 'short' })).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_ARGUMENT' } },
    });
  });

  it('a minor needs the parent e-mail verified too before signing in', async () => {
    const parentEmail = newEmail('parent');
    const input = signUpInput({ parentName: 'Parent Person', parentEmail });
    const { body } = await call(signUp, input);
    expect(body.user).toMatchObject({ isMinor: true, parentEmailVerified: false });
    const [parentMail] = await mailsTo(parentEmail);
    expect(parentMail?.text).toContain('Parent Person');
    expect(parentMail?.text).toContain('Test Person');

    await call(verifyEmail, { token: await mailedToken(String(input.email)) });
    const account = { email: String(input.email), password: PASSWORD };
    expect(await signInAs(account)).toMatchObject({
      status: 403,
      body: { error: { code: 'USER_UNVERIFIED', emailVerified: true, parentEmailVerified: false } },
    });
    const parent = await call(verifyEmail, { token: await mailedToken(parentEmail) });
    expect(parent.body).toEqual({ verified: 'parent-email', emailVerified: true, parentEmailVerified: true });
    expect((await signInAs(account)).status).toBe(200);
  });

  it('refuses an address in use: EMAIL_EXISTS, or USER_UNVERIFIED when that account never verified', async () => {
    const input = signUpInput();
    await call(signUp, input);
    const again = await call(signUp, { ...input, email: String(input.email).toUpperCase() });
    expect(again).toMatchObject({
      status: 403,
      body: { error: { code: 'USER_UNVERIFIED', errorCode: 'A17' } },
    });
    await call(verifyEmail, { token: await mailedToken(String(input.email)) });
    expect(await call(signUp, input)).toMatchObject({
      status: 409,
      body: { error: { code: 'EMAIL_EXISTS', firebaseCode: 'EMAIL_EXISTS', errorCode: 'A06' } },
    });
  });

  it('refuses invalid input and creates nothing', async () => {
    const email = newEmail();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ email: 'not-an-address' }, 'INVALID_EMAIL'],
      [{ email: 'a@b.c' }, 'INVALID_EMAIL'],
      [{ email, password: 'onlyletters' }, 'INVALID_ARGUMENT'],
      [{ email, password: '12345' }, 'INVALID_ARGUMENT'],
      [{ email, name: 'A' }, 'INVALID_ARGUMENT'],
      [{ email, parentName: 'Parent Person', parentEmail: email.toUpperCase() }, 'INVALID_ARGUMENT'],
      [{ email, parentName: 'Parent Person' }, 'INVALID_ARGUMENT'],
      [{ email, referralInfo: { referralType: 'affiliate', referralCode: ' ' } }, 'INVALID_ARGUMENT'],
    ];
    for (const [overrides, code] of cases) {
      const answer = await call(signUp, signUpInput(overrides));
      expect(answer.body.error?.code, JSON.stringify(overrides)).toBe(code);
    }
    expect(await mailsTo(email)).toEqual([]);
    expect((await signInAs({ email, password: PASSWORD })).body.error.code).toBe('EMAIL_NOT_FOUND');
  });
});

describe('verification links', () => {
  it('refuse a forged, an expired and a foreign-purpose token', async () => {
    const input = signUpInput();
    const { body } = await call(signUp, input);
    const uid = body.user.uid as string;
    expect(await call(verifyEmail, { token: 'not.a.token' })).toMatchObject({
      status: 401,
      body: { error: { code: 'INVALID_ID_TOKEN' } },
    });
    const expired = await signLinkToken('verify-email', uid, { email: String(input.email) }, -60);
    expect(await call(verifyEmail, { token: expired })).toMatchObject({
      status: 401,
      body: { error: { code: 'TOKEN_EXPIRED' } },
    });
    const reset = await signLinkToken('reset-password', uid, { cca: 0 }, 600);
    expect((await call(verifyEmail, { token: reset })).body.error.code).toBe('INVALID_ID_TOKEN');
    const otherAddress = await signLinkToken('verify-email', uid, { email: 'someone@example.com' }, 600);
    expect((await call(verifyEmail, { token: otherAddress })).body.error.code).toBe('INVALID_ID_TOKEN');
    const missing = await signLinkToken('verify-email', 'no-such-user', { email: 'x@example.com' }, 600);
    expect((await call(verifyEmail, { token: missing })).body.error.code).toBe('USER_NOT_FOUND');
  });
});
