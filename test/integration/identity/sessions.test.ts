import { describe, expect, it } from 'vitest';
import { verifyIdToken } from '../../../functions/core/identity/id-token.ts';
import {
  adminGeneratePasswordResetLink,
  refreshToken,
  resetPassword,
  signOut,
} from '../../../shared/api/identity.ts';
import { adminToken, call } from '../helpers.ts';
import { refreshCookie, signInAs, verifiedAccount } from './accounts.ts';

const check = { clientType: 'landing', language: 'en', refreshFor: 'check_signed_in' };

describe('refresh tokens', () => {
  it('a signed-out visitor (no token at all) gets no session and no error', async () => {
    expect(await call(refreshToken, check)).toMatchObject({ status: 200, body: {} });
  });

  it('rotate on every use; a reused token revokes the whole session', async () => {
    const account = await verifiedAccount();
    const first = refreshCookie(await signInAs(account, { persistSession: true }));
    const refreshed = await call(refreshToken, check, { cookies: [first?.pair ?? ''] });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.user.uid).toBe(account.uid);
    expect((await verifyIdToken(refreshed.body.session.idToken)).ok).toBe(true);
    const second = refreshCookie(refreshed);
    expect(second?.value).not.toBe(first?.value);
    expect(second?.attributes).toMatch(/Max-Age=\d+/);
    const third = refreshCookie(await call(refreshToken, check, { cookies: [second?.pair ?? ''] }));

    // The first token again, after the chain moved on: a reuse. Refused, its cookie cleared...
    const reuse = await call(refreshToken, check, { cookies: [first?.pair ?? ''] });
    expect(reuse).toMatchObject({ status: 401, body: { error: { code: 'INVALID_ID_TOKEN' } } });
    expect(refreshCookie(reuse)?.attributes).toMatch(/Max-Age=0/);
    // ...and the session it belongs to is over: its newest token no longer works either.
    const newest = await call(refreshToken, check, { cookies: [third?.pair ?? ''] });
    expect(newest).toMatchObject({ status: 401, body: { error: { code: 'INVALID_ID_TOKEN' } } });
    // Another sign-in is another session, unaffected.
    const again = refreshCookie(await signInAs(account));
    expect((await call(refreshToken, check, { cookies: [again?.pair ?? ''] })).status).toBe(200);
  });

  it('a token sent again before its successor was ever used (a lost answer) gets a new one; the lost one is dead', async () => {
    const account = await verifiedAccount();
    const first = refreshCookie(await signInAs(account));
    const lost = refreshCookie(await call(refreshToken, check, { cookies: [first?.pair ?? ''] }));
    // The browser reloaded mid-request and never stored `lost`: it sends `first` again.
    const retried = await call(refreshToken, check, { cookies: [first?.pair ?? ''] });
    expect(retried.status).toBe(200);
    const replacement = refreshCookie(retried);
    expect(replacement?.value).not.toBe(lost?.value);
    const next = refreshCookie(await call(refreshToken, check, { cookies: [replacement?.pair ?? ''] }));
    expect(next).toBeDefined();
    // Whoever shows the withdrawn token ends the session.
    expect((await call(refreshToken, check, { cookies: [lost?.pair ?? ''] })).body.error.code).toBe(
      'INVALID_ID_TOKEN',
    );
    expect((await call(refreshToken, check, { cookies: [next?.pair ?? ''] })).body.error.code).toBe(
      'INVALID_ID_TOKEN',
    );
  });

  it('an app refreshes with the token in the body and gets the next one back', async () => {
    const account = await verifiedAccount();
    const app = { clientType: 'desktop', language: 'en', refreshFor: 'renew' };
    const signedIn = await signInAs(account, { clientType: 'desktop' });
    const token = signedIn.body.session.refreshToken;
    const next = await call(refreshToken, { ...app, refreshToken: token });
    expect(next.body.session.refreshToken).toEqual(expect.any(String));
    expect(next.body.session.refreshToken).not.toBe(token);
    // A token of one client type is not accepted for another.
    const foreign = await call(refreshToken, { ...check, refreshToken: next.body.session.refreshToken });
    expect(foreign.body.error.code).toBe('INVALID_ID_TOKEN');
    expect((await call(refreshToken, { ...app, refreshToken: 'made-up' })).body.error.code).toBe(
      'INVALID_ID_TOKEN',
    );
  });

  it('sign-out ends the session and clears the cookie', async () => {
    const account = await verifiedAccount();
    const cookie = refreshCookie(await signInAs(account, { persistSession: true }));
    const out = await call(signOut, { clientType: 'landing' }, { cookies: [cookie?.pair ?? ''] });
    expect(out.status).toBe(200);
    expect(refreshCookie(out)?.attributes).toMatch(/Max-Age=0/);
    const after = await call(refreshToken, check, { cookies: [cookie?.pair ?? ''] });
    expect(after.body.error.code).toBe('INVALID_ID_TOKEN');
    // Signing out without a session is harmless.
    expect((await call(signOut, { clientType: 'landing' })).status).toBe(200);
  });

  it('a password reset ends the sessions started before it', async () => {
    const account = await verifiedAccount();
    const cookie = refreshCookie(await signInAs(account));
    const { body } = await call(
      adminGeneratePasswordResetLink,
      { id: account.uid, data: { email: account.email } },
      { token: await adminToken() },
    );
    const token = new URL(body.link).searchParams.get('token');
    expect((await call(resetPassword, { token, password: 'fresh-pass2' })).status).toBe(200);
    const stale = await call(refreshToken, check, { cookies: [cookie?.pair ?? ''] });
    expect(stale).toMatchObject({ status: 401, body: { error: { code: 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN' } } });
  });
});
