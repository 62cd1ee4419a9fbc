import type { Page } from '@playwright/test';
import { nameSearchKey, searchShard } from '../../functions/core/data/search-keys.ts';
import { db } from '../../functions/core/data/service.ts';
import { codeAt, TOTP_PERIOD_SECONDS } from '../../functions/core/staff/totp.ts';
import { fillPath, type RouteDefinition } from '../../shared/api/define-route.ts';
import { staffSecondFactor, staffSignIn } from '../../shared/api/staff.ts';
import { normalizeEmail } from '../../shared/identity/account-rules.ts';
import { SEEDED_ACCOUNTS } from '../local/seed.ts';

/**
 * Accounts for the benchmarks, written straight into DynamoDB Local (no password hashing, no sign-up
 * path): the user item with its search keys, and its e-mail item, in puts of 1,000.
 */
export function benchAccount(input: {
  uid: string;
  name: string;
  email: string;
  created: number;
  referral?: { referralType: string; referralCode: string };
}) {
  const nameKey = nameSearchKey(input.name);
  const emailKey = normalizeEmail(input.email);
  return {
    uid: input.uid,
    name: input.name,
    email: input.email,
    emailKey,
    emailShard: searchShard(emailKey),
    nameKey,
    nameShard: searchShard(nameKey),
    emailVerified: true,
    providers: ['password'],
    uiLanguage: 'ko',
    clientType: 'landing' as const,
    created: input.created,
    credentialsChangedAt: input.created,
    ...(input.referral ? { ...input.referral, referralSince: input.created } : {}),
  };
}

export async function seedAccounts(users: ReadonlyArray<ReturnType<typeof benchAccount>>): Promise<void> {
  for (let start = 0; start < users.length; start += 1000) {
    const chunk = users.slice(start, start + 1000);
    await db().entities.user.put(chunk).go();
    await db()
      .entities.userEmail.put(chunk.map((user) => ({ emailKey: user.emailKey, uid: user.uid })))
      .go();
  }
}

/**
 * The seeded operator signed in to a runtime as staff sign in (docs/staff-and-audit.md): the password
 * step, then the code of its authenticator, computed from its printed TOTP secret with the otpauth
 * library (functions/core/staff/totp.ts). Admin routes refuse a token without the second factor
 * (`invalid_level`), so a benchmark that calls them signs in this way, never with a token of its own.
 */
const OPERATOR = SEEDED_ACCOUNTS.operator;
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;
/** The last time step whose code signed in to each runtime (by its URL). */
const usedSteps = new Map<string, number>();

/** The runtime's present: its test clock may have been moved. */
async function runtimeNow(baseUrl: string): Promise<number> {
  const answer = await fetch(`${baseUrl}/_local/clock`);
  return Date.parse(((await answer.json()) as { now: string }).now);
}

/**
 * A code of a step no sign-in to this runtime used: a code is good once, and a step before the last one
 * used is refused too. The server takes the next step's code too (one step of drift), so two sign-ins in a
 * row need no wait; a third within the same 30 seconds waits for the clock.
 */
async function freshCode(baseUrl: string): Promise<string> {
  for (;;) {
    const current = Math.floor((await runtimeNow(baseUrl)) / STEP_MS);
    const step = Math.max(current, (usedSteps.get(baseUrl) ?? 0) + 1);
    if (step <= current + 1) {
      usedSteps.set(baseUrl, step);
      return codeAt(OPERATOR.totpSecret, step * STEP_MS);
    }
    await new Promise((wait) => setTimeout(wait, 1000));
  }
}

async function post(
  baseUrl: string,
  route: RouteDefinition,
  body: unknown,
): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl}${fillPath(route, {})}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const answer = (await response.json()) as Record<string, unknown>;
  if (response.status !== 200) throw new Error(`${route.name}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

/** The seeded operator's console session through the API: its ID token, for calling admin routes. */
export async function operatorToken(baseUrl: string): Promise<string> {
  const step = await post(baseUrl, staffSignIn, { email: OPERATOR.email, password: OPERATOR.password });
  if (step.staff !== true || step.step !== 'verify')
    throw new Error(`staff sign-in: ${JSON.stringify(step)}`);
  const session = await post(baseUrl, staffSecondFactor, {
    ticket: step.ticket,
    code: await freshCode(baseUrl),
  });
  return (session.session as { idToken: string }).idToken;
}

/** The seeded operator signed in through the console's login page (in English), on its dashboard. */
export async function signInToConsole(page: Page, baseUrl: string): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('cutloom.console.language', 'en'));
  await page.goto(`${baseUrl}/admin/login`);
  await page.getByLabel('E-mail').fill(OPERATOR.email);
  await page.getByLabel('Password').fill(OPERATOR.password);
  await page.getByRole('button', { name: 'Log in' }).click();
  await page.getByLabel('Authentication code').fill(await freshCode(baseUrl));
  await page.getByRole('button', { name: 'Verify' }).click();
  await page.getByText(`Signed in as ${OPERATOR.email}`).waitFor();
}
