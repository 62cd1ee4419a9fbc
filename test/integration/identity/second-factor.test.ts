import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createStaffAccount, getStaffMember } from '../../../functions/core/data/staff-repository.ts';
import { hashPassword } from '../../../functions/core/identity/password.ts';
import { codeAt, newTotpSecret, TOTP_PERIOD_SECONDS } from '../../../functions/core/staff/totp.ts';
import { adminConfigList } from '../../../shared/api/configs.ts';
import { refreshToken, signIn } from '../../../shared/api/identity.ts';
import { adminStaffUpdate, staffSecondFactor, staffSignIn } from '../../../shared/api/staff.ts';
import { call, staffSession } from '../helpers.ts';
import { serverNow } from '../staff-sign-in.ts';
import { refreshCookie } from './accounts.ts';

/**
 * The console's second factor (issue 27): a password alone never yields a token an admin route takes; a
 * TOTP code is good once; a recovery code once; wrong codes are limited; disabling a member ends their
 * session and its refresh at once.
 */
const PASSWORD = 'staff-pass1';

async function member(options: { recoveryCodes?: string[] } = {}) {
  const uid = randomUUID();
  const email = `staff-${uid.slice(0, 8)}@example.com`;
  const totpSecret = newTotpSecret();
  const now = Date.now();
  const { recoveryCodeHash } = await import('../../../functions/core/staff/totp.ts');
  await createStaffAccount(
    {
      uid,
      name: 'Staff Member',
      email,
      emailVerified: true,
      passwordHash: await hashPassword(PASSWORD),
      providers: ['password'],
      uiLanguage: 'en',
      clientType: 'console',
      adminLevel: 1,
      created: now,
      credentialsChangedAt: now,
    },
    {
      uid,
      email,
      role: 'viewer',
      status: 'active',
      created: now,
      totpSecret,
      totpEnrolledAt: now,
      sessionsEndedAt: 0,
      ...(options.recoveryCodes ? { recoveryCodeHashes: options.recoveryCodes.map(recoveryCodeHash) } : {}),
    },
  );
  return { uid, email, totpSecret };
}

async function ticket(email: string, from?: string): Promise<string> {
  const step = await call(staffSignIn, { email, password: PASSWORD }, from ? { from } : {});
  expect(step.body).toMatchObject({ staff: true, step: 'verify' });
  return step.body.ticket;
}

describe('the second factor', () => {
  it('never lets a password alone call an admin route, and a code only once', async () => {
    const { email, totpSecret } = await member();
    const site = await call(signIn, { email, password: PASSWORD, clientType: 'console', language: 'en' });
    expect(await call(adminConfigList, {}, { token: site.body.session.idToken })).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_level' } },
    });
    const code = codeAt(totpSecret, await serverNow());
    const first = await call(staffSecondFactor, { ticket: await ticket(email), code });
    expect(first.status).toBe(200);
    expect(first.body.staff.role).toBe('viewer');
    expect((await call(adminConfigList, {}, { token: first.body.session.idToken })).status).toBe(200);
    // The same code again, with a new ticket: refused.
    const replay = await call(staffSecondFactor, { ticket: await ticket(email), code });
    expect(replay.body.error.code).toBe('INVALID_SECOND_FACTOR');
  });

  it('spends a recovery code once', async () => {
    const { email } = await member({ recoveryCodes: ['abcde-fghij', 'klmno-pqrst'] });
    const used = await call(staffSecondFactor, { ticket: await ticket(email), recoveryCode: 'ABCDEFGHIJ' });
    expect(used.status).toBe(200);
    const again = await call(staffSecondFactor, { ticket: await ticket(email), recoveryCode: 'abcde-fghij' });
    expect(again.body.error.code).toBe('INVALID_SECOND_FACTOR');
  });

  it('locks a member out after five wrong codes, even the right one, guesses sent at once included', async () => {
    const { email, uid, totpSecret } = await member();
    const from = '127.0.0.73';
    const given = await ticket(email, from);
    const guesses = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call(staffSecondFactor, { ticket: given, code: String(100000 + index) }, { from }),
      ),
    );
    const codes = guesses.map((answer) => answer.body.error.code).sort();
    expect(codes.filter((code) => code === 'INVALID_SECOND_FACTOR')).toHaveLength(5);
    expect(codes.filter((code) => code === 'TOO_MANY_ATTEMPTS_TRY_LATER')).toHaveLength(3);
    const right = await call(
      staffSecondFactor,
      { ticket: given, code: codeAt(totpSecret, (await serverNow()) + TOTP_PERIOD_SECONDS * 1000) },
      { from },
    );
    expect(right.body.error.code).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect((await getStaffMember(uid))?.totpLastStep).toBeUndefined();
  });

  it('ends a disabled member’s session at once: their token and its refresh', async () => {
    const { email, uid, totpSecret } = await member();
    const signedIn = await call(staffSecondFactor, {
      ticket: await ticket(email),
      code: codeAt(totpSecret, await serverNow()),
    });
    const token = signedIn.body.session.idToken;
    const admin = await staffSession('admin');
    expect((await call(adminStaffUpdate, { uid, enabled: false }, { token: admin.token })).status).toBe(200);
    expect(await call(adminConfigList, {}, { token })).toMatchObject({
      status: 401,
      body: { error: { code: 'invalid_token' } },
    });
    const refreshed = await call(
      refreshToken,
      { clientType: 'console', language: 'en', refreshFor: 'renew' },
      { cookies: [refreshCookie(signedIn)?.pair ?? ''] },
    );
    expect(refreshed.body.error.code).toBe('INVALID_ID_TOKEN');
    expect(await call(staffSignIn, { email, password: PASSWORD })).toMatchObject({
      body: { staff: false, disabled: true },
    });
  });
});
