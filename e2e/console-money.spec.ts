import { expect, test } from '@playwright/test';
import { customerVerifiedInConsole } from './console-helpers.ts';

/**
 * The console's money screens: an operator finds a user, creates a custom plan, sends the user an order
 * link for it (payment progress) and grants usage back.
 */
test('an operator creates a custom plan, an order link for a user, and grants usage', async ({ page }) => {
  // Three screens' worth of steps on a machine shared with other runs.
  test.setTimeout(90_000);
  const planName = `Y1_PLUS_E2E${Date.now().toString(36).toUpperCase()}`;

  const detailUrl = await customerVerifiedInConsole(page, 'Money Person');
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Custom plans' })
    .click();
  await page.getByRole('link', { name: 'Create custom plan' }).click();
  await expect(page.getByLabel('Speech-to-text (minutes)')).toHaveValue('7200');
  await expect(page.getByLabel('Cloud storage (GB)')).toHaveValue('60');
  await page.getByLabel('Plan name').fill(planName.replace('Y1_', 'M1_'));
  await page.getByLabel('Price (KRW)').fill('0');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('price should be positive number.')).toHaveCount(3);
  await page.getByLabel('Price (KRW)').fill('990000');
  await page.getByLabel('Price (JPY)').fill('99000');
  await page.getByLabel('Price (USD)').fill('990');
  await page.getByLabel('Description').fill('Studio deal for one year');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('The name’s prefix must match the period')).toBeVisible();
  await page.getByLabel('Plan name').fill(planName);
  await page.getByLabel('Reason (desc)').fill('signed contract');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Saved successfully', { exact: true })).toBeVisible();
  const planRow = page.getByRole('row', { name: new RegExp(planName) });
  await expect(planRow).toContainText('7200');
  await expect(planRow).toContainText('60');

  await page.goto(detailUrl);
  await expect(page.getByTestId('valid-plan')).toHaveText('FREE');
  const actions = page.getByRole('navigation', { name: 'Actions' });
  await expect(actions.getByRole('link', { name: 'Direct deposit', exact: true })).toBeVisible();
  await expect(actions.getByRole('link', { name: 'Unsubscribe' })).toHaveCount(0);
  await expect(actions.getByRole('link', { name: 'Refund' })).toHaveCount(0);

  await actions.getByRole('link', { name: 'Payment progress' }).click();
  await page.getByRole('link', { name: 'Create payment progress' }).click();
  await expect(page.getByLabel('Plan name').locator('option', { hasText: planName })).toHaveCount(1);
  const choices = await page.getByLabel('Plan name').locator('option').allTextContents();
  expect(choices.slice(1)).toEqual([...choices.slice(1)].sort());
  expect(choices).toContain(planName);
  await page.getByLabel('Plan name').selectOption(planName);
  await page.getByLabel('Currency').selectOption('JPY');
  await page.getByLabel('Reason (desc)').fill('sent by mail');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText('Saved successfully', { exact: true })).toBeVisible();
  const progressRow = page.getByRole('row', { name: new RegExp(planName) });
  // The session's state by its name (init_custom), the plan by its tier and period beside its code.
  await expect(progressRow).toContainText('Order link (operator)');
  await expect(progressRow).toContainText(`Plus · 1-year pass ${planName}`);
  const link = progressRow.getByRole('link', { name: 'Open' });
  await expect(link).toHaveAttribute('href', /\/ja\/payment\/order\/fixedterm\?guid=[\w-]+&test=1$/);
  await progressRow.getByRole('link', { name: 'Clone' }).click();
  await expect(page.getByLabel('Plan name')).toHaveValue(planName);
  await expect(page.getByLabel('Currency')).toHaveValue('JPY');
  await page.goto(detailUrl);

  await page.getByRole('navigation', { name: 'Actions' }).getByRole('link', { name: 'Usage' }).click();
  await page.getByRole('link', { name: 'Grant usage' }).click();
  await page.getByLabel('Speech-to-text (minutes)').fill('5');
  await page.getByLabel('Reason (desc)').fill('goodwill');
  await page.getByRole('button', { name: 'Grant' }).click();
  await expect(
    page.getByText('Plus value is not allowed. To do that, turn on AllowPlus value (with caution).'),
  ).toBeVisible();
  await page.getByLabel('Speech-to-text (minutes)').fill('-10');
  await page.getByRole('button', { name: 'Grant' }).click();
  await expect(page.getByText('Saved successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Usage' })).toBeVisible();
  const grantRow = page.getByRole('row', { name: /goodwill/ });
  await expect(grantRow).toContainText('-10 min 0 s');
  await expect(grantRow).toContainText('operator@cutloom.local');
  await page.getByLabel('Daily').check();
  await expect(page.getByRole('row', { name: /STT/ })).toContainText('-10 min 0 s');

  await page.goto(detailUrl);
  await expect(page.getByRole('heading', { name: 'User Money Person' })).toBeVisible();
  const activities = page.getByRole('region', { name: 'User activities' });
  await expect(activities.getByRole('cell', { name: 'Payment progress created', exact: true })).toBeVisible();
  await expect(activities.getByRole('cell', { name: 'Usage granted', exact: true })).toBeVisible();
});

test('a customer pays an operator’s order link, and the operator refunds it', async ({ page, browser }) => {
  test.setTimeout(120_000);
  const detailUrl = await customerVerifiedInConsole(page, 'Refund Person');
  await page
    .getByRole('navigation', { name: 'Actions' })
    .getByRole('link', { name: 'Payment progress' })
    .click();
  await page.getByRole('link', { name: 'Create payment progress' }).click();
  await page.getByLabel('Plan name').selectOption('Y1_LIGHT_V3');
  await page.getByLabel('Reason (desc)').fill('asked by phone');
  await page.getByRole('button', { name: 'Create' }).click();
  const orderLink = await page
    .getByRole('row', { name: /Y1_LIGHT_V3/ })
    .getByRole('link', { name: 'Open' })
    .getAttribute('href');
  expect(orderLink).toMatch(/\/ko\/payment\/order\/fixedterm\?guid=/);

  const customer = await (await browser.newContext()).newPage();
  await customer.goto(orderLink as string);
  await customer.locator('#order-contact').waitFor();
  // A number no other browser test pays with: a used number makes the order page ask before paying.
  await customer.getByRole('textbox', { name: '휴대폰 번호' }).fill('010-5678-4321');
  await customer.getByRole('radio', { name: '신용·체크카드', exact: true }).check();
  for (const box of await customer.locator('#order-agreement input[type=checkbox]').all()) await box.check();
  for (const box of await customer.locator('#order-final-confirmation input[type=checkbox]').all())
    await box.check();
  await customer.getByRole('button', { name: /결제하기$/ }).click();
  await expect(customer).toHaveURL(/\/_local\/payments\/checkout\?/);
  await customer.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(customer).toHaveURL(/\/ko\/payment\/result\/success\?guid=/, { timeout: 15_000 });

  await page.goto(detailUrl);
  await expect(page.getByTestId('valid-plan')).toHaveText('Y1_LIGHT_V3');
  const actions = page.getByRole('navigation', { name: 'Actions' });
  await expect(actions.getByRole('link', { name: 'Unsubscribe' })).toHaveCount(0);
  await actions.getByRole('link', { name: 'Refund' }).click();
  const estimate = page.getByRole('region', { name: 'Refund estimate' });
  await expect(estimate).toContainText('Y1_LIGHT_V3');
  const businessDay = page.getByLabel('Count on the business day');
  await expect(businessDay).toBeChecked();
  await expect(estimate.getByLabel('Full refund')).toBeChecked();
  await page.getByLabel('Requested date (KST)').fill('2020-01-01 10:00');
  await expect(businessDay).not.toBeChecked();
  await expect(page.getByText('Please check requested date!')).toBeVisible();
  await businessDay.check();
  await page
    .getByLabel('Requested date (KST)')
    .fill(new Date(Date.now() + 9 * 3_600_000 + 60_000).toISOString().slice(0, 16).replace('T', ' '));
  await expect(page.getByText('Please check requested date!')).toHaveCount(0);
  await estimate.getByLabel('Reason', { exact: true }).fill('changed their mind');
  await estimate.getByRole('button', { name: 'Refund' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refunded successfully', { exact: true })).toBeVisible();
  await expect(page.getByTestId('valid-plan')).toHaveText('FREE');
  await expect(
    page
      .getByRole('region', { name: 'User activities' })
      .getByRole('cell', { name: 'Payment refunded', exact: true }),
  ).toBeVisible();
});
