import { describe, expect, it } from 'vitest';
import { oauthConfig, oauthSignIn, oauthSignUp, signUp } from '../../../shared/api/identity.ts';
import { call } from '../helpers.ts';
import { googleAccessToken, newEmail, PASSWORD, refreshCookie, signInAs, signUpInput } from './accounts.ts';

const google = {
  credentialType: 'access_token',
  providerId: 'google.com',
  clientType: 'landing',
  language: 'en',
};

describe('Google sign-in', () => {
  it("tells the browser where Google's authorize endpoint is and our client id", async () => {
    const { body } = await call(oauthConfig, {});
    expect(body.google.clientId).toBe('cutloom-local.apps.googleusercontent.com');
    expect(body.google.authorizeUrl).toMatch(/\/_local\/google\/o\/oauth2\/v2\/auth$/);
  });

  it('an unknown address: EMAIL_NOT_FOUND, then sign-up, then sign-in', async () => {
    const email = newEmail('google');
    const credential = await googleAccessToken(email, 'Ada Lovelace');
    const unknown = await call(oauthSignIn, { ...google, credential, throwIfNotExists: true });
    expect(unknown).toMatchObject({
      status: 401,
      body: { error: { code: 'EMAIL_NOT_FOUND', errorCode: 'A26', firebaseCode: 'EMAIL_NOT_FOUND' } },
    });
    const created = await call(oauthSignUp, {
      ...google,
      credential,
      referralInfo: { referralType: 'affiliate', referralCode: 'FRIEND' },
      utmParams: { utm_source: 'ads' },
    });
    expect(created.body.result).toMatchObject({
      isSignUp: true,
      user: {
        email,
        name: 'Ada Lovelace',
        emailVerified: true,
        providers: ['google.com'],
        referralCode: 'FRIEND',
      },
    });
    expect((await call(oauthSignUp, { ...google, credential })).body.result.isSignUp).toBe(false);
    const signedIn = await call(oauthSignIn, {
      ...google,
      credential,
      throwIfNotExists: true,
      persistSession: true,
    });
    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.email).toBe(email);
    expect(refreshCookie(signedIn)?.attributes).toMatch(/Max-Age/);
  });

  it('without throwIfNotExists an unknown address is signed up and in at once', async () => {
    const credential = await googleAccessToken(newEmail('google'));
    const answer = await call(oauthSignIn, { ...google, credential, throwIfNotExists: false });
    expect(answer.status).toBe(200);
    expect(answer.body.user.providers).toEqual(['google.com']);
  });

  it('refuses a token Google does not know', async () => {
    const answer = await call(oauthSignIn, { ...google, credential: 'ya29.forged', throwIfNotExists: true });
    expect(answer).toMatchObject({ status: 401, body: { error: { code: 'INVALID_ID_TOKEN' } } });
    expect((await call(oauthSignUp, { ...google, credential: 'ya29.forged' })).body.error.code).toBe(
      'INVALID_ID_TOKEN',
    );
  });

  it('joins Google to an existing account; a password set on a never-verified account is dropped', async () => {
    const input = signUpInput();
    await call(signUp, input);
    const email = String(input.email);
    const credential = await googleAccessToken(email);
    const answer = await call(oauthSignIn, { ...google, credential, throwIfNotExists: true });
    expect(answer.body.user).toMatchObject({ emailVerified: true, providers: ['google.com'] });
    // Whoever typed that password never proved the address: it no longer opens the account.
    expect((await signInAs({ email, password: PASSWORD })).body.error.code).toBe('INVALID_PASSWORD');
  });
});
