import { expect, test } from '@playwright/test';
import { signInToConsole } from './console-helpers.ts';
import { subscriber } from './subscriber-helpers.ts';

/**
 * The user detail's Unsubscribe and Resubscribe buttons (admin-console.md section 4): shown by the latest
 * plan's state, each confirmed, each changing the plan (PAID -> UNSCHEDULED -> PAID) and recorded as the
 * operator's activity on the account.
 */
test('an operator unsubscribes a subscriber and resubscribes them', async ({ page, request }) => {
  test.slow();
  const { uid } = await subscriber(page, request, '+14155550182');
  await signInToConsole(page);
  await page.goto(`/admin/users/${uid}/show`);
  const actions = page.getByRole('navigation', { name: 'Actions' });
  const plans = page.getByRole('table', { name: 'Plans' });
  await expect(plans.getByRole('row', { name: /MR_STANDARD_V3/ })).toContainText('PAID');
  await expect(actions.getByRole('link', { name: 'Resubscribe' })).toHaveCount(0);

  await actions.getByRole('link', { name: 'Unsubscribe' }).click();
  await page.getByRole('button', { name: 'Unsubscribe' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unsubscribe' }).click();
  await expect(page.getByText('Unsubscribed successfully')).toBeVisible();
  await expect(plans.getByRole('row', { name: /MR_STANDARD_V3/ })).toContainText('UNSCHEDULED');
  await expect(actions.getByRole('link', { name: 'Unsubscribe' })).toHaveCount(0);

  await actions.getByRole('link', { name: 'Resubscribe' }).click();
  await page.getByRole('button', { name: 'Resubscribe' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Resubscribe' }).click();
  await expect(page.getByText('Resubscribed successfully')).toBeVisible();
  await expect(plans.getByRole('row', { name: /MR_STANDARD_V3/ })).toContainText('PAID');
  await expect(page.getByText('Unsubscribed', { exact: true })).toBeVisible();
  await expect(page.getByText('Resubscribed', { exact: true })).toBeVisible();
});

test('a console address that names no page says so in the console, with the way back', async ({ page }) => {
  await signInToConsole(page);
  await page.goto('/admin/users/nobody/nowhere');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  await page.getByRole('link', { name: 'Back to the dashboard' }).click();
  await expect(page.getByText('Signed in as operator@cutloom.local')).toBeVisible();
  await expect(page).toHaveURL(/\/admin\/?$/);
});
