import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { createAccount, signInToConsole } from './console-helpers.ts';

/**
 * The console's one date-field rule (issue 27, point 5) on the schedule and survey forms: a date-time
 * pasted in ISO (`2030-01-31T23:59`, with seconds or a zone) is taken and shown as KST once the field is
 * left, and a wrong format gets the same "Invalid date format" on both forms (not the survey's "fill in").
 */
async function pasteAndLeave(page: Page, field: Locator, text: string): Promise<void> {
  await field.fill(text);
  await page.keyboard.press('Tab');
}

test('both forms take a pasted ISO date-time and answer a wrong format the same way', async ({ page }) => {
  await signInToConsole(page);
  const { uid, email } = await createAccount(page, 'Date Person');
  await page.goto(
    `/admin/schedule/create?uid=${uid}&userName=${encodeURIComponent('Date Person')}&userEmail=${encodeURIComponent(email)}`,
  );
  const start = page.getByLabel('Start (KST)');
  await pasteAndLeave(page, start, '31/01/2030 23:59');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid date format', { exact: true })).toBeVisible();
  await pasteAndLeave(page, start, '2030-01-31T23:59');
  await expect(start).toHaveValue('2030-01-31 23:59');
  await pasteAndLeave(page, start, '2030-01-31T14:59:00Z');
  await expect(start).toHaveValue('2030-01-31 23:59');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid date format', { exact: true })).toHaveCount(0);

  await page.goto('/admin/surveys/create');
  const expire = page.getByLabel('Expire date (KST)');
  await pasteAndLeave(page, expire, '31/01/2030 23:59');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid date format', { exact: true })).toBeVisible();
  await expect(page.getByText('Please fill in the expire date.')).toHaveCount(0);
  // The other fields' problems are shown at the same time.
  await expect(page.getByText('Please fill in the survey type.')).toBeVisible();
  await pasteAndLeave(page, expire, '2030-01-31T23:59:00+09:00');
  await expect(expire).toHaveValue('2030-01-31 23:59');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid date format', { exact: true })).toHaveCount(0);
  // The survey form with its preview: no serious accessibility finding (nested-interactive included).
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical'),
  ).toEqual([]);
});
