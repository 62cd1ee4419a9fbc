import { expect, test } from '@playwright/test';
import { buyMonthly, newAccount, PASSWORD } from './order-helpers.ts';

/**
 * Upgrading in a real browser against the whole local product: a monthly Light subscription bought with
 * a sandbox card; the payment-start sign-in of a subscriber opens the upgrade pricing page, where the
 * current plan is disabled with its reason; the upgrade order page shows the server's credit, asks only
 * the final confirmations, and charges the plan's billing key without a checkout.
 */
test('a monthly Light subscription upgraded to Standard on its billing key, with the credit', async ({
  page,
  request,
}) => {
  // A purchase, a sign-in and an upgrade: password hashing and two payments on a shared machine.
  test.setTimeout(90_000);
  const email = await newAccount(request);
  await buyMonthly(page, email, { name: 'MR_LIGHT_V3', price: 'US$8.99', phone: '415 555 0170' });

  await page.goto('/en/payment/pricepolicy?open=signIn&purpose=payment');
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(email);
  await dialog.getByLabel('Password').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/payment\/upgrade\/pricepolicy\?guid=/, { timeout: 15_000 });

  const header = page.locator('th[data-plan]');
  await expect(header.nth(0).getByRole('button')).toBeDisabled();
  await expect(header.nth(0).locator('[role="tooltip"]')).toHaveText('This is your current plan.');
  await header.nth(1).getByRole('button', { name: 'Upgrade: Standard' }).click();
  await expect(page).toHaveURL(/\/en\/payment\/upgrade\/order\/subscription\?guid=.*&plan=MR_STANDARD_V3/);

  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Upgrade your plan');
  await expect(page.getByTestId('upgrade-current-plan')).toHaveText('Light · Monthly subscription');
  await expect(page.getByText('Standard · Monthly subscription')).toBeVisible();
  const credit = page.getByTestId('upgrade-credit');
  await expect(credit).toHaveText(/^−US\$\d+\.\d\d$/);
  const creditAmount = Number((await credit.textContent())?.replace(/[^\d.]/g, ''));
  expect(creditAmount).toBeGreaterThan(0);
  const total = (17.99 - creditAmount).toFixed(2);
  await expect(page.getByTestId('order-total')).toHaveText(`US$${total}`);
  await expect(
    page.getByText('Charged to the payment method of your current plan: Credit or debit card.'),
  ).toBeVisible();
  // No contact, agreements or method to fill in: only the final confirmations.
  await expect(page.locator('#order-contact')).toHaveCount(0);

  const pay = page.getByRole('button', { name: `Upgrade for US$${total}` });
  await pay.click();
  const summary = page.locator('#upgrade-problems');
  await expect(summary).toBeFocused();
  await expect(summary.getByRole('link')).toHaveText(['Please tick every final confirmation.']);
  const boxes = page.locator('#upgrade-final-confirmation input[type=checkbox]');
  await expect(boxes.first()).toHaveAccessibleDescription('Please tick every final confirmation.');
  for (const box of await boxes.all()) await box.check();
  await expect(summary).toHaveCount(0);
  await pay.click();

  await expect(page).toHaveURL(/\/en\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Payment complete');
  await expect(page.getByText('Standard · Monthly subscription')).toBeVisible();
  await expect(page.getByText(`Amount paid: US$${total}`)).toBeVisible();
});
