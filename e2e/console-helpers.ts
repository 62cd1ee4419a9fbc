import { expect, type Page } from '@playwright/test';

/**
 * Signs the seeded operator in to the console (in English) and waits for the dashboard; `base` is
 * another runtime than the suite's.
 */
export async function signInToConsole(page: Page, base = ''): Promise<void> {
  await page.addInitScript(() => localStorage.setItem('cutloom.console.language', 'en'));
  await page.goto(`${base}/admin/login`);
  await page.getByLabel('E-mail').fill('operator@cutloom.local');
  await page.getByLabel('Password').fill('operator-pass1');
  await page.getByRole('button', { name: 'Log in' }).click();
  // Password hashing is slow on a loaded machine.
  await expect(page.getByText('Signed in as operator@cutloom.local')).toBeVisible({ timeout: 15_000 });
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
