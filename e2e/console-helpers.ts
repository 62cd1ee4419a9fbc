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
  await expect(page.getByText('Signed in as operator@cutloom.local')).toBeVisible();
}

export const uniqueEmail = (prefix: string) =>
  `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
