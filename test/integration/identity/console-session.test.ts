import { afterAll, beforeAll, expect, it } from 'vitest';
import { SEEDED_ACCOUNTS } from '../../../scripts/local/seed.ts';
import { refreshToken, signIn } from '../../../shared/api/identity.ts';
import { CONSOLE_SESSION_LIFETIME_MS } from '../../../shared/staff/console-session.ts';
import { type Answer, type CallOptions, call, send } from '../helpers.ts';
import { startIsolatedRuntime } from '../isolated-runtime.ts';
import { serverNow, signInStaff } from '../staff-sign-in.ts';
import { refreshCookie } from './accounts.ts';

/**
 * The console's session per browser (issue 32, point 5): a new tab takes the session from the refresh
 * cookie that only the second factor's step sets, its tokens still second-factor ones, and no refresh,
 * however many tabs ask, outlives the fourth 55-minute tick after the sign-in. A runtime of its own: its
 * clock is moved past the session's end.
 */
let runtime: Awaited<ReturnType<typeof startIsolatedRuntime>>;
const on = (): CallOptions => ({ baseUrl: runtime.url });
const renew = { clientType: 'console', language: 'en', refreshFor: 'renew' };

beforeAll(async () => {
  runtime = await startIsolatedRuntime();
}, 90_000);
afterAll(() => runtime?.stop());

async function advanceClock(ms: number) {
  const moved = await send(new URL('/_local/clock', runtime.url), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ advanceSeconds: Math.ceil(ms / 1000) }),
  });
  expect(moved.status).toBe(200);
}

/** The methods a token says its sign-in used (`amr`); admin routes take only those with `otp`. */
const methodsOf = (idToken: string): string[] =>
  JSON.parse(Buffer.from(idToken.split('.')[1] ?? '', 'base64url').toString('utf8')).amr ?? [];

const refreshWith = (answer: Answer) =>
  call(refreshToken, renew, { ...on(), cookies: [refreshCookie(answer)?.pair ?? ''] });

it('gives a new tab the second-factor session until the fourth tick after the sign-in, and no longer', async () => {
  const signedInAt = await serverNow(on());
  const signedIn = await signInStaff(SEEDED_ACCOUNTS.operator, on());
  expect(signedIn.status).toBe(200);
  const endsAt = signedIn.body.session.endsAt as number;
  expect(endsAt - signedInAt).toBeGreaterThanOrEqual(CONSOLE_SESSION_LIFETIME_MS);
  expect(endsAt - signedInAt).toBeLessThan(CONSOLE_SESSION_LIFETIME_MS + 60_000);

  // Three hours on, a tab opened now gets the session from the cookie: a second-factor token, the same end.
  await advanceClock(3 * 3600_000);
  const newTab = await refreshWith(signedIn);
  expect(newTab.status).toBe(200);
  expect(newTab.body.user).toMatchObject({ email: SEEDED_ACCOUNTS.operator.email, staffRole: 'admin' });
  expect(newTab.body.session.endsAt).toBe(endsAt);
  expect(methodsOf(newTab.body.session.idToken)).toContain('otp');

  // Past the end, no tab renews it, whichever token it holds.
  await advanceClock(endsAt - (await serverNow(on())) + 1000);
  expect(await refreshWith(newTab)).toMatchObject({
    status: 401,
    body: { error: { code: 'TOKEN_EXPIRED' } },
  });
});

it('gives a console cookie from a password alone no staff session', async () => {
  const operator = SEEDED_ACCOUNTS.operator;
  const passwordOnly = await call(
    signIn,
    { email: operator.email, password: operator.password, clientType: 'console', language: 'en' },
    on(),
  );
  expect(passwordOnly.status).toBe(200);
  const refreshed = await refreshWith(passwordOnly);
  expect(refreshed.status).toBe(200);
  // The console takes a session only with a staff role, which only a second-factor session carries.
  expect(refreshed.body.user.staffRole).toBeUndefined();
  expect(methodsOf(refreshed.body.session.idToken)).not.toContain('otp');
});
