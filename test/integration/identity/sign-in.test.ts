import { describe, expect, it } from 'vitest';
import { IdentityError } from '../../../functions/core/errors.ts';
import { verifyIdToken } from '../../../functions/core/identity/id-token.ts';
import { signInWithPassword } from '../../../functions/core/identity/sign-in.ts';
import { SIGN_IN_LIMITS } from '../../../functions/core/identity/sign-in-limits.ts';
import { SEEDED_ACCOUNTS } from '../../../scripts/local/seed.ts';
import { signIn } from '../../../shared/api/identity.ts';
import { call } from '../helpers.ts';
import { newEmail, refreshCookie, signInAs, verifiedAccount } from './accounts.ts';

describe('sign-in with e-mail and password', () => {
  it('a web client gets the ID token and a refresh cookie, never the refresh token itself', async () => {
    const account = await verifiedAccount();
    const answer = await signInAs({ ...account, email: `  ${account.email.toUpperCase()} ` });
    expect(answer.status).toBe(200);
    expect(answer.body.user).toMatchObject({ uid: account.uid, email: account.email, emailVerified: true });
    expect(answer.body.session).toEqual({ idToken: expect.any(String), expiresIn: 3600 });
    const check = await verifyIdToken(answer.body.session.idToken);
    // A customer's token carries no staff claims (no adminLevel, no second factor).
    expect(check).toEqual({
      ok: true,
      claims: { uid: account.uid, email: account.email, issuedAt: expect.any(Number) },
    });
    const cookie = refreshCookie(answer);
    expect(cookie?.attributes).toBe('Path=/auth/v2; HttpOnly; Secure; SameSite=Strict');
  });

  it('persistSession gives the cookie a lifetime; without it the cookie ends with the browser', async () => {
    const account = await verifiedAccount();
    const kept = refreshCookie(await signInAs(account, { persistSession: true }));
    expect(kept?.attributes).toMatch(/; Max-Age=259\d{4}$/);
    const session = refreshCookie(await signInAs(account, { persistSession: false }));
    expect(session?.attributes).not.toMatch(/Max-Age/);
  });

  it("the console's sessions never persist, and it has its own cookie", async () => {
    const { email, password } = SEEDED_ACCOUNTS.operator;
    const answer = await signInAs({ email, password }, { clientType: 'console', persistSession: true });
    expect(answer.body.user.adminLevel).toBe(1);
    expect((await verifyIdToken(answer.body.session.idToken)).ok).toBe(true);
    const cookie = refreshCookie(answer);
    expect(cookie?.pair).toMatch(/^cutloom_console_rt=/);
    expect(cookie?.attributes).not.toMatch(/Max-Age/);
  });

  it('an app gets the refresh token in the answer and no cookie', async () => {
    const account = await verifiedAccount();
    const answer = await signInAs(account, { clientType: 'desktop', persistSession: true });
    expect(answer.body.session.refreshToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(refreshCookie(answer)).toBeUndefined();
  });

  it('answers each identity error with its code', async () => {
    const account = await verifiedAccount();
    expect(await signInAs({ email: newEmail('nobody'), password: 'whatever1' })).toMatchObject({
      status: 401,
      body: { error: { code: 'EMAIL_NOT_FOUND', firebaseCode: 'EMAIL_NOT_FOUND', errorCode: 'A26' } },
    });
    expect(await signInAs({ ...account, password: 'wrong-pass1' })).toMatchObject({
      status: 401,
      body: { error: { code: 'INVALID_PASSWORD', firebaseCode: 'INVALID_PASSWORD', errorCode: 'A04' } },
    });
    expect(await signInAs({ email: 'no-at-sign', password: 'x' })).toMatchObject({
      status: 400,
      body: { error: { code: 'INVALID_EMAIL', errorCode: 'A04' } },
    });
    const bad = await call(signIn, {
      email: account.email,
      password: '',
      clientType: 'landing',
      language: 'en',
    });
    expect(bad).toMatchObject({ status: 400, body: { error: { code: 'INVALID_ARGUMENT' } } });
  });
});

describe('failed sign-in limits', () => {
  // Every failure below costs a deliberate password hash: these tests get a budget to match.
  const wrongAttempts = async (account: { email: string }, count: number, from: string) => {
    const answers = [];
    // Three at a time: the local runtime hashes on a pool of four threads.
    for (let done = 0; done < count; done += 3) {
      const batch = Array.from({ length: Math.min(3, count - done) }, () =>
        signInAs({ ...account, password: 'wrong-pass1' }, {}, { from }),
      );
      answers.push(...(await Promise.all(batch)));
    }
    return answers;
  };

  it('locks an account after its failures: even the right password then gets TOO_MANY_ATTEMPTS_TRY_LATER', async () => {
    const account = await verifiedAccount();
    const other = await verifiedAccount();
    const from = '127.0.0.21';
    const failures = await wrongAttempts(account, SIGN_IN_LIMITS.account.maxFailures, from);
    expect(failures.map((answer) => answer.body.error.code)).toEqual(
      Array(SIGN_IN_LIMITS.account.maxFailures).fill('INVALID_PASSWORD'),
    );
    const locked = await signInAs(account, {}, { from });
    expect(locked).toMatchObject({
      status: 429,
      body: {
        error: {
          code: 'TOO_MANY_ATTEMPTS_TRY_LATER',
          firebaseCode: 'TOO_MANY_ATTEMPTS_TRY_LATER',
          errorCode: 'L15',
        },
      },
    });
    // From anywhere: the lock is on the account, not the address.
    expect((await signInAs(account, {}, { from: '127.0.0.22' })).body.error.code).toBe(
      'TOO_MANY_ATTEMPTS_TRY_LATER',
    );
    // Other accounts are untouched.
    expect((await signInAs(other, {}, { from })).status).toBe(200);
  }, 120_000);

  it('a success before the limit forgets the failures so far', async () => {
    const account = await verifiedAccount();
    const from = '127.0.0.23';
    for (let round = 0; round < 2; round += 1) {
      const failures = await wrongAttempts(account, SIGN_IN_LIMITS.account.maxFailures - 1, from);
      expect(failures.every((answer) => answer.body.error.code === 'INVALID_PASSWORD')).toBe(true);
      expect((await signInAs(account, {}, { from })).status).toBe(200);
    }
  }, 120_000);

  it('locks a client address after its failures across many accounts, and only that address', async () => {
    const account = await verifiedAccount();
    const from = '127.0.0.31';
    for (let attempt = 0; attempt < SIGN_IN_LIMITS.clientAddress.maxFailures; attempt += 1)
      expect(
        (await signInAs({ email: newEmail('guess'), password: 'guess-pass1' }, {}, { from })).status,
      ).toBe(401);
    expect((await signInAs(account, {}, { from })).body.error.code).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect((await signInAs(account, {}, { from: '127.0.0.32' })).status).toBe(200);
  }, 120_000);
});

describe('failed sign-in limits under concurrent guesses', () => {
  const codes = (settled: PromiseSettledResult<unknown>[]) =>
    settled.map((outcome) =>
      outcome.status === 'fulfilled'
        ? 'signed-in'
        : outcome.reason instanceof IdentityError
          ? outcome.reason.code
          : String(outcome.reason),
    );
  const count = (list: string[], code: string) => list.filter((one) => one === code).length;

  // The sign-ins run here, in the test's process, so that the ten hashes let through are not cut off
  // by the local function timeout on a loaded machine, and so that the test clock moves for this
  // file alone (TEST_CLOCK_OFFSET_MS, functions/core/clock.ts).
  it('check at most the limit of 50 wrong passwords sent at once; the right one waits for the window to pass', async () => {
    const account = await verifiedAccount();
    const signInWith = (password: string) =>
      signInWithPassword({
        email: account.email,
        password,
        clientType: 'landing',
        persistSession: false,
        clientAddress: '127.0.0.51',
      });
    const answered = codes(
      await Promise.allSettled(Array.from({ length: 50 }, () => signInWith('wrong-pass1'))),
    );
    const { maxFailures, windowMs } = SIGN_IN_LIMITS.account;
    expect(count(answered, 'INVALID_PASSWORD')).toBe(maxFailures);
    expect(count(answered, 'TOO_MANY_ATTEMPTS_TRY_LATER')).toBe(50 - maxFailures);
    await expect(signInWith(account.password)).rejects.toMatchObject({ code: 'TOO_MANY_ATTEMPTS_TRY_LATER' });

    // Two windows on, none of the burst is left in the sliding window.
    process.env.TEST_CLOCK_OFFSET_MS = String(2 * windowMs);
    try {
      await expect(signInWith(account.password)).resolves.toMatchObject({ user: { uid: account.uid } });
    } finally {
      delete process.env.TEST_CLOCK_OFFSET_MS;
    }
  }, 120_000);

  it('let at most the limit of a client address’s guesses at once through, across accounts', async () => {
    const { maxFailures } = SIGN_IN_LIMITS.clientAddress;
    const from = '127.0.0.52';
    const guesses = await Promise.all(
      Array.from({ length: maxFailures + 30 }, () =>
        signInAs({ email: newEmail('burst'), password: 'guess-pass1' }, {}, { from }),
      ),
    );
    const answered = guesses.map((answer) => String(answer.body.error?.code));
    expect(count(answered, 'EMAIL_NOT_FOUND')).toBe(maxFailures);
    expect(count(answered, 'TOO_MANY_ATTEMPTS_TRY_LATER')).toBe(30);
    const account = await verifiedAccount();
    expect((await signInAs(account, {}, { from })).body.error?.code).toBe('TOO_MANY_ATTEMPTS_TRY_LATER');
    expect((await signInAs(account, {}, { from: '127.0.0.53' })).status).toBe(200);
  }, 120_000);
});
