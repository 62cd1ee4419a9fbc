import { expect, test } from '@playwright/test';
import { operatorToken, signInToConsole } from './console-helpers.ts';
import { completeOrderForm, newAccount, startOrder } from './order-helpers.ts';

/** The PromoCode screens: a coupon made with its defaults, a discount row, a bonus row and its sign-up link. */
test('a coupon is created with its defaults and validations, gets a discount row and a bonus quota row, and copies its sign-up link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signInToConsole(page);
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'PromoCode' })
    .click();
  await page.getByRole('link', { name: 'Create coupon' }).click();

  const code = page.getByLabel('Coupon code');
  await expect(code).toHaveValue(/^[A-Z0-9]{10}$/);
  const couponCode = await code.inputValue();
  // The window's defaults are filled with the form: read them once they are there.
  await expect(page.getByLabel('Start (KST)')).not.toHaveValue('');
  await expect(page.getByLabel('End (KST)')).not.toHaveValue('');
  const start = await page.getByLabel('Start (KST)').inputValue();
  const end = await page.getByLabel('End (KST)').inputValue();
  expect(Date.parse(end) - Date.parse(start)).toBeGreaterThanOrEqual(28 * 86_400_000);

  await page.getByLabel('Name').fill('Launch week');
  await page.getByLabel('Total amount').fill('0');
  await page.getByLabel('Start (KST)').fill('2020-01-01');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Total amount must be greater than 0')).toBeVisible();
  await page.getByLabel('Total amount').fill('50');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Start date must be in the future')).toBeVisible();
  await page.getByLabel('Start (KST)').fill(end);
  await page.getByLabel('End (KST)').fill(start);
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Start date must be before expired date')).toBeVisible();
  await page.getByLabel('Start (KST)').fill(start);
  await page.getByLabel('End (KST)').fill(end);
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { name: `Coupon ${couponCode}`, exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Launch week' })).toBeVisible();

  await page.getByLabel('Plan to discount').selectOption('MR_LIGHT_V3');
  await page.getByLabel('Discount rate (%)').fill('10');
  await page.getByRole('button', { name: 'Add discount' }).click();
  const discounts = page.getByRole('table', { name: 'Discounted prices' });
  await expect(discounts.getByRole('row', { name: 'MR_LIGHT_V3 10% 8910 990 8.09' })).toBeVisible();

  await page.getByLabel('Plan for the bonus').selectOption('MR_STANDARD_V3');
  // Standard gets 20 % of its plan usage; STT is shown in minutes.
  await expect(page.getByLabel('STT (min) new bonus')).toHaveValue('360');
  await expect(page.getByLabel('TTS (characters) new bonus')).toHaveValue('60000');
  await page.getByLabel('Image generation (credits) new bonus').fill('700');
  await page.getByRole('button', { name: 'Add bonus quota' }).click();
  const bonuses = page.getByRole('table', { name: 'Bonus quotas' });
  await expect(bonuses.getByRole('row', { name: 'MR_STANDARD_V3 360 60000 180000 700' })).toBeVisible();

  await bonuses.getByRole('button', { name: 'Edit MR_STANDARD_V3' }).click();
  await bonuses.getByLabel('STT (min) MR_STANDARD_V3').fill('400');
  await bonuses.getByRole('button', { name: 'Save MR_STANDARD_V3' }).click();
  await expect(bonuses.getByRole('row', { name: 'MR_STANDARD_V3 400 60000 180000 700' })).toBeVisible();

  await page.getByLabel('Sign-up page language').selectOption('ja');
  const link = `${new URL(page.url()).origin}/ja/signup?coupon=${couponCode}`;
  await expect(page.getByLabel('Sign-up link')).toHaveValue(link);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByText(`Copied Sign Up Link: ${link}`)).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);

  await page.getByRole('link', { name: 'Edit' }).click();
  await expect(page.getByLabel('Coupon code')).toHaveValue(couponCode);
  await page.getByLabel('Total amount').fill('80');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: `Coupon ${couponCode}`, exact: true })).toBeVisible();
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'PromoCode' })
    .click();
  await expect(page.getByRole('row', { name: new RegExp(`${couponCode} Launch week 80 80`) })).toBeVisible();
});

/**
 * Issue 25: an operator edits a discount's rate; the row's three prices follow the rate (never the old
 * rate's beside the new one), and the order page charges the new price.
 */
test('a discount’s rate edited in the console changes its prices and what the order page charges', async ({
  page,
  request,
}) => {
  await signInToConsole(page);
  const token = await operatorToken(request);
  const admin = (path: string, data: Record<string, unknown>) =>
    request.post(`/payment/${path}`, { data, headers: { authorization: `Bearer ${token}` } });
  const couponCode = `RATE${String(Date.now()).slice(-6)}`;
  const startsAt = Date.now() + 3000;
  const created = await admin('admin-create-coupon', {
    couponCode,
    name: 'Rate edit',
    totalAmount: 5,
    startedAt: new Date(startsAt).toISOString(),
    expiredAt: new Date(startsAt + 86_400_000).toISOString(),
  });
  expect(created.ok()).toBe(true);
  const discount = { couponCode, planName: 'MR_STANDARD_V3', rate: 20 };
  expect((await admin('admin-create-coupon-discount-info', discount)).ok()).toBe(true);
  const email = await newAccount(request);

  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'PromoCode' })
    .click();
  await page.getByLabel('Code or name').fill(couponCode);
  // The filter applies once typing pauses; a row opened before would be left for the filtered list.
  await expect(page).toHaveURL(new RegExp(`search=${couponCode}`));
  await page.getByRole('row', { name: new RegExp(`^${couponCode} Rate edit`) }).click();
  const discounts = page.getByRole('table', { name: 'Discounted prices' });
  await expect(discounts.getByRole('row', { name: 'MR_STANDARD_V3 20% 15920 1760 14.39' })).toBeVisible();
  await discounts.getByRole('button', { name: 'Edit MR_STANDARD_V3' }).click();
  await discounts.getByLabel('Rate MR_STANDARD_V3').fill('25');
  await discounts.getByRole('button', { name: 'Save MR_STANDARD_V3' }).click();
  // Until the write is sent (its toast goes) the prices are the server's to compute, not the old ones.
  await expect(
    discounts.getByRole('row', { name: 'MR_STANDARD_V3 25% recomputing recomputing recomputing' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Close toast' }).click();
  await expect(discounts.getByRole('row', { name: 'MR_STANDARD_V3 25% 14925 1650 13.49' })).toBeVisible();

  await page.waitForTimeout(Math.max(0, startsAt - Date.now() + 200));
  await startOrder(page, email, 'en', 'MR_STANDARD_V3');
  await page.getByRole('textbox', { name: 'Coupon code' }).fill(couponCode);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByText('Coupon discount (25%)')).toBeVisible();
  await expect(page.getByTestId('order-total')).toHaveText('US$13.49');
  await completeOrderForm(page, 'Credit or debit card', '415 555 0125');
  await page.getByRole('button', { name: 'Pay US$13.49' }).click();
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  await expect(page.getByText('Amount paid: US$13.49')).toBeVisible();
});
