import { expect, test } from '@playwright/test';
import { enterOperatorCode } from './console-helpers.ts';

/** The operators' console: the guard, the login (console client type), and the 55-minute refresh. */
test.beforeEach(async ({ page }) => {
  // Each test signs in with a code of its own 30-second step (a step used once is refused), so the third
  // sign-in in a minute waits up to a step for the server's clock (console-helpers.ts withFreshCode).
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('cutloom.console.language', 'en'));
});

test('a signed-out operator is sent to the login; a customer is refused; an operator gets in', async ({
  page,
}) => {
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.getByLabel('E-mail').fill('demo@cutloom.local');
  await page.getByLabel('Password').fill('demo-pass1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('This account is not an operator account.');

  await page.getByLabel('Password').fill('wrong-pass1');
  await page.getByLabel('E-mail').fill('operator@cutloom.local');
  await page.getByRole('button', { name: 'Log in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not correct.');

  await page.getByLabel('Password').fill('operator-pass1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await enterOperatorCode(page);
  await expect(page).toHaveURL(/\/admin\/?$/);
  await expect(page.getByText('Signed in as operator@cutloom.local')).toBeVisible();
  // The console's session is never persistent: its refresh cookie has no expiry.
  const cookies = await page.context().cookies();
  expect(cookies.find((cookie) => cookie.name === 'cutloom_console_rt')?.expires).toBe(-1);

  await page.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.goto('/admin/');
  await expect(page).toHaveURL(/\/admin\/login/);
});

test('the token is renewed every 55 minutes and the fourth tick logs the operator out', async ({ page }) => {
  await page.clock.install();
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill('operator@cutloom.local');
  await page.getByLabel('Password').fill('operator-pass1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await enterOperatorCode(page);

  for (let tick = 1; tick <= 3; tick += 1) {
    const renewed = page.waitForResponse('**/auth/v2/refresh-token');
    await page.clock.fastForward('55:00');
    expect((await renewed).status()).toBe(200);
    await expect(page.getByText('Signed in as operator@cutloom.local')).toBeVisible();
  }
  await page.clock.fastForward('55:00');
  await expect(page).toHaveURL(/\/admin\/login\?expired=true/);
  await expect(page.getByRole('alert')).toHaveText('Your login has expired. Please log in again.');
});

test('a new tab of a signed-in browser opens the console without a new code; a sign-out in one tab signs every tab out', async ({
  page,
}) => {
  await page.goto('/admin/login');
  await page.getByLabel('E-mail').fill('operator@cutloom.local');
  await page.getByLabel('Password').fill('operator-pass1');
  await page.getByRole('button', { name: 'Log in' }).click();
  await enterOperatorCode(page);

  // The new tab has no copy of the first tab's session: it takes the browser's, from the refresh cookie.
  const tab = await page.context().newPage();
  await tab.addInitScript(() => localStorage.setItem('cutloom.console.language', 'en'));
  await tab.goto('/admin/users');
  await expect(tab.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible({ timeout: 15_000 });
  await expect(tab.getByRole('banner').getByText('operator@cutloom.local')).toBeVisible();
  expect(await tab.evaluate(() => sessionStorage.getItem('cutloom.console.session'))).toContain(
    '"role":"admin"',
  );

  await tab.getByRole('button', { name: 'Log out' }).click();
  await expect(tab).toHaveURL(/\/admin\/login/);
  await expect(page).toHaveURL(/\/admin\/login/);
  await page.goto('/admin/users');
  await expect(page).toHaveURL(/\/admin\/login/);
});
