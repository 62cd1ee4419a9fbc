import { describe, expect, it } from 'vitest';
import { signLinkToken } from '../../../functions/core/identity/id-token.ts';
import {
  adminGeneratePasswordResetLink,
  adminSendVerifyingEmail,
  adminVerifyEmail,
  fetchProviderInfo,
  oauthSignUp,
  resetPassword,
  signUp,
} from '../../../shared/api/identity.ts';
import { adminToken, call } from '../helpers.ts';
import {
  googleAccessToken,
  mailsTo,
  newEmail,
  PASSWORD,
  signInAs,
  signUpInput,
  verifiedAccount,
} from './accounts.ts';

async function unverifiedAccount() {
  const input = signUpInput();
  const { body } = await call(signUp, input);
  return { email: String(input.email), password: PASSWORD, uid: body.user.uid as string };
}

describe("the operators' account actions", () => {
  it('send verifying email mails a new link in the chosen language', async () => {
    const token = await adminToken();
    const account = await unverifiedAccount();
    const answer = await call(
      adminSendVerifyingEmail,
      { id: account.uid, data: { language: 'ja' } },
      { token },
    );
    expect(answer).toMatchObject({ status: 200, body: { result: 'success' } });
    const [mail] = await mailsTo(account.email);
    expect(mail?.subject).toContain('メールアドレス');
    expect(mail?.links[0]).toMatch(/\/ja\/signup\/verify\?token=/);
    expect(
      await call(adminSendVerifyingEmail, { id: 'no-such-user', data: { language: 'ja' } }, { token }),
    ).toMatchObject({ status: 404, body: { error: { code: 'not_found' } } });
  });

  it('verify email lets the account sign in', async () => {
    const token = await adminToken();
    const account = await unverifiedAccount();
    expect((await signInAs(account)).body.error.code).toBe('USER_UNVERIFIED');
    expect((await call(adminVerifyEmail, { id: account.uid }, { token })).body).toEqual({
      result: 'success',
    });
    expect((await signInAs(account)).status).toBe(200);
    expect((await call(adminVerifyEmail, { id: 'no-such-user' }, { token })).body.error.code).toBe(
      'not_found',
    );
  });

  it('a generated reset link sets a new password once', async () => {
    const token = await adminToken();
    const account = await verifiedAccount();
    const mismatch = await call(
      adminGeneratePasswordResetLink,
      { id: account.uid, data: { email: 'someone-else@example.com' } },
      { token },
    );
    expect(mismatch).toMatchObject({ status: 400, body: { error: { code: 'invalid_argument' } } });
    const { body } = await call(
      adminGeneratePasswordResetLink,
      { id: account.uid, data: { email: account.email.toUpperCase() } },
      { token },
    );
    expect(body.link).toMatch(/\/en\/password-reset\?token=/);
    const resetToken = new URL(body.link).searchParams.get('token');
    expect((await call(resetPassword, { token: resetToken, password: 'short' })).body.error.code).toBe(
      'INVALID_ARGUMENT',
    );
    expect(await call(resetPassword, { token: resetToken, password: 'brand-new9' })).toMatchObject({
      status: 200,
      body: { email: account.email },
    });
    expect(await call(resetPassword, { token: resetToken, password: 'again-new9' })).toMatchObject({
      status: 401,
      body: { error: { code: 'INVALID_ID_TOKEN' } },
    });
    expect((await signInAs(account)).body.error.code).toBe('INVALID_PASSWORD');
    expect((await signInAs({ ...account, password: 'brand-new9' })).status).toBe(200);
  });

  it('a reset link refuses once expired, or when forged', async () => {
    const account = await verifiedAccount();
    const expired = await signLinkToken('reset-password', account.uid, { cca: 0 }, -60);
    expect(await call(resetPassword, { token: expired, password: 'brand-new9' })).toMatchObject({
      status: 401,
      body: { error: { code: 'TOKEN_EXPIRED' } },
    });
    const verification = await signLinkToken('verify-email', account.uid, { email: account.email }, 600);
    expect((await call(resetPassword, { token: verification, password: 'brand-new9' })).body.error.code).toBe(
      'INVALID_ID_TOKEN',
    );
    expect((await signInAs(account)).status).toBe(200);
  });

  it("fetch provider info lists an address's sign-in providers", async () => {
    const token = await adminToken();
    const account = await verifiedAccount();
    expect((await call(fetchProviderInfo, { email: account.email }, { token })).body).toEqual({
      providerInfo: { allProviders: ['password'] },
    });
    const googleEmail = newEmail('google');
    await call(oauthSignUp, {
      credential: await googleAccessToken(googleEmail),
      credentialType: 'access_token',
      providerId: 'google.com',
      clientType: 'landing',
      language: 'en',
    });
    expect(
      (await call(fetchProviderInfo, { email: googleEmail }, { token })).body.providerInfo.allProviders,
    ).toEqual(['google.com']);
    expect(
      (await call(fetchProviderInfo, { email: newEmail('nobody') }, { token })).body.providerInfo
        .allProviders,
    ).toEqual([]);
  });
});
