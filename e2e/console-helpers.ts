import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { codeAt, TOTP_PERIOD_SECONDS } from '../functions/core/staff/totp.ts';
import { SEEDED_ACCOUNTS } from '../scripts/local/seed.ts';

const OPERATOR = SEEDED_ACCOUNTS.operator;
const SESSION_KEY = 'cutloom.console.session';
const STEP_MS = TOTP_PERIOD_SECONDS * 1000;

/** The console's session as sessionStorage keeps it (web/src/lib/console/console-session.ts). */
type ConsoleSession = { idToken: string; email: string; role: string; endsAt: number };

/**
 * The seeded operator's console session of this worker, per runtime. A TOTP code is good once (issue 27:
 * a code used once is refused within its window), so the operator signs in once per worker and runtime,
 * through the login page with the code of its printed secret, and later tests of the worker open the
 * console with that session, as a duplicated browser tab does (sessionStorage is copied, the ID token
 * lives an hour). A session with less than 15 minutes left is replaced by a new sign-in.
 */
const sessions = new Map<string, { session: ConsoleSession; until: number }>();

function cachedSession(base: string): ConsoleSession | undefined {
  const cached = sessions.get(base);
  return cached && cached.until - Date.now() > 15 * 60_000 ? cached.session : undefined;
}

async function serverNow(request: APIRequestContext, base: string): Promise<number> {
  const clock = await request.get(`${base}/_local/clock`);
  return Date.parse(((await clock.json()) as { now: string }).now);
}

/**
 * Runs a sign-in of the seeded operator with the code of a time step no sign-in of this runtime used
 * before, in order: the workers take turns (a lock file beside the last step used, per runtime), since
 * a step used once is refused, and so is any step before the last used. At most one step ahead of the
 * runtime's clock (the server takes the next step's code); past that, it waits for the clock.
 */
async function withFreshCode<T>(
  request: APIRequestContext,
  base: string,
  signIn: (code: string) => Promise<T>,
): Promise<T> {
  const origin = new URL(base || `http://localhost:${process.env.E2E_PORT}`);
  const files = join(tmpdir(), `cutloom-e2e-totp-${origin.port}`);
  const lock = `${files}.lock`;
  for (;;) {
    try {
      closeSync(openSync(lock, 'wx'));
      break;
    } catch {
      // A lock left by a worker that died is taken over after a minute.
      if (existsSync(lock) && Date.now() - statSync(lock).mtimeMs > 60_000) rmSync(lock, { force: true });
      await new Promise((wait) => setTimeout(wait, 200));
    }
  }
  try {
    const last = existsSync(files) ? Number(readFileSync(files, 'utf8')) : 0;
    let now = await serverNow(request, base);
    const step = Math.max(Math.floor(now / STEP_MS), last + 1);
    while (step > Math.floor(now / STEP_MS) + 1) {
      await new Promise((wait) => setTimeout(wait, 1000));
      now = await serverNow(request, base);
    }
    const signedIn = await signIn(codeAt(OPERATOR.totpSecret, step * STEP_MS));
    writeFileSync(files, String(step));
    return signedIn;
  } finally {
    rmSync(lock, { force: true });
  }
}

function keep(base: string, session: ConsoleSession): void {
  sessions.set(base, { session, until: Date.now() + 3600_000 });
}

/**
 * Signs the seeded operator in to the console (in English) and waits for the dashboard; `base` is
 * another runtime than the suite's. The first time in a worker it goes through the login page, password
 * then the authenticator's code; after that it opens the console with the same session (see `sessions`).
 */
export async function signInToConsole(page: Page, base = ''): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('cutloom.console.language', 'en'));
  const cached = cachedSession(base);
  if (cached) {
    await page.addInitScript(
      ({ key, value }) => {
        // Once per tab: a sign-out in the test stays signed out.
        if (sessionStorage.getItem('e2e.session-copied')) return;
        sessionStorage.setItem('e2e.session-copied', '1');
        sessionStorage.setItem(key, value);
      },
      { key: SESSION_KEY, value: JSON.stringify(cached) },
    );
    await page.goto(`${base}/admin`);
  } else {
    await page.goto(`${base}/admin/login`);
    await page.getByLabel('E-mail').fill(OPERATOR.email);
    await page.getByLabel('Password').fill(OPERATOR.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await enterOperatorCode(page, base);
    keep(base, JSON.parse((await page.evaluate((key) => sessionStorage.getItem(key), SESSION_KEY)) ?? '{}'));
  }
  await expect(page.getByText(`Signed in as ${OPERATOR.email}`)).toBeVisible({ timeout: 15_000 });
}

/**
 * The login page's second step for the seeded operator, after its password: the authenticator's code
 * (computed from the printed secret), then the dashboard.
 */
export async function enterOperatorCode(page: Page, base = ''): Promise<void> {
  // Password hashing is slow on a loaded machine.
  await expect(page.getByLabel('Authentication code')).toBeVisible({ timeout: 15_000 });
  await withFreshCode(page.request, base, async (code) => {
    await page.getByLabel('Authentication code').fill(code);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText(`Signed in as ${OPERATOR.email}`)).toBeVisible({ timeout: 15_000 });
  });
}

/**
 * The seeded operator's ID token for calling admin routes directly (what a test sets up through the
 * API): this worker's console session, or a sign-in through the routes (password, then the code).
 */
export async function operatorToken(request: APIRequestContext, base = ''): Promise<string> {
  const cached = cachedSession(base);
  if (cached) return cached.idToken;
  const step = await request.post(`${base}/auth/staff-sign-in`, {
    data: { email: OPERATOR.email, password: OPERATOR.password },
  });
  expect(step.ok(), await step.text()).toBe(true);
  const { ticket } = (await step.json()) as { ticket: string };
  const answer = await withFreshCode(request, base, (code) =>
    request.post(`${base}/auth/staff-second-factor`, { data: { ticket, code } }),
  );
  expect(answer.ok(), await answer.text()).toBe(true);
  const body = (await answer.json()) as {
    user: { email: string };
    session: { idToken: string; endsAt: number };
    staff: { role: string };
  };
  keep(base, {
    idToken: body.session.idToken,
    email: body.user.email,
    role: body.staff.role,
    endsAt: body.session.endsAt,
  });
  return body.session.idToken;
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** Creates an account with the operator's session (as the console's user create does); its uid. */
export async function createAccount(page: Page, name: string): Promise<{ uid: string; email: string }> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const uid = await page.evaluate(
    async ({ name, email }) => {
      const session = JSON.parse(sessionStorage.getItem('cutloom.console.session') ?? '{}');
      const answer = await fetch('/auth/admin-user-create', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.idToken}` },
        body: JSON.stringify({ info: { name, email, password: 'deposit-pass1', language: 'en' } }),
      });
      return (await answer.json()).result.uid as string;
    },
    { name, email },
  );
  return { uid, email };
}

/**
 * A customer signed up (unverified, Korean) and found by an operator: signs the operator in, searches
 * the address, opens the detail and verifies the e-mail there. Answers the detail's address.
 */
export async function customerVerifiedInConsole(page: Page, name: string): Promise<string> {
  const email = uniqueEmail(name.toLowerCase().replace(/\W+/g, '-'));
  const signUp = await page.request.post('/auth/sign-up', {
    data: { name, email, password: 'customer-pass1', language: 'ko', clientType: 'landing' },
  });
  expect(signUp.status()).toBe(200);
  await signInToConsole(page);
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await page.getByLabel('E-mail', { exact: true }).fill(email);
  await page.getByRole('row', { name: `${name} ${email}` }).click();
  await expect(page.getByRole('heading', { name: `User ${name}` })).toBeVisible();
  await page.getByRole('region', { name: 'Account' }).getByRole('button', { name: 'Verify email' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Verify email success', { exact: true })).toBeVisible();
  return page.url();
}

/**
 * Axe's serious and critical findings on the page as it is (none is allowed on a console page), or in the
 * part of it a selector names.
 */
export async function seriousViolations(page: Page, within?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (within ? builder.include(within) : builder).analyze();
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

/** Where the console pages' screenshots go: with the run's results. */
const SCREENS = 'test-results/screens';

/** Full-page screenshots at a desk's width and a phone's, where nothing may scroll sideways. */
export async function screens(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENS, { recursive: true });
  await page.screenshot({ path: `${SCREENS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize({ width: 360, height: 780 });
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth), { message: `${name} at 360 px` })
    .toBeLessThanOrEqual(360);
  await page.screenshot({ path: `${SCREENS}/${name}-360.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });
}
