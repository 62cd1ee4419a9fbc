import { expect, test } from '@playwright/test';
import { signInToConsole } from './console-helpers.ts';

/** Affiliates: the form's toggles and their disabled fields, and the settlement search of a sign-up. */
test('an affiliate is created with its toggles, edited, and a sign-up through its code appears in the settlement', async ({
  page,
}) => {
  const code = `AF${Date.now().toString(36).toUpperCase()}`;
  await signInToConsole(page);
  const nav = page.getByRole('navigation', { name: 'Console navigation' });
  await nav.getByRole('link', { name: 'AffiliateList' }).click();
  await page.getByRole('link', { name: 'Create affiliate' }).click();

  await expect(page.getByLabel('Reward amount')).toBeDisabled();
  await expect(page.getByLabel('Payment share (%)')).toBeDisabled();
  await page.getByLabel('Name').fill('Creator Lab');
  await page.getByLabel('Country').selectOption('JP');
  await page.getByLabel('Coupon code').fill(code.toLowerCase());
  await page.getByLabel('Coupon type').selectOption('bonus_quota');
  await page.getByLabel('Sign-up reward').check();
  await page.getByLabel('Reward amount').fill('500');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please choose the reward currency.')).toBeVisible();
  await page.getByLabel('Reward currency').selectOption('JPY');
  await page.getByLabel('Payment share', { exact: true }).check();
  await page.getByLabel('Payment share (%)').fill('120');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('The percentage must be between 0 and 100.')).toBeVisible();
  await page.getByLabel('Payment share (%)').fill('12.5');
  await page.getByRole('button', { name: 'Save' }).click();

  await expect(page.getByRole('heading', { name: 'Creator Lab' })).toBeVisible();
  await expect(page.getByText('500 JPY')).toBeVisible();
  await expect(page.getByText('12.5%')).toBeVisible();

  await page.getByRole('link', { name: 'Edit' }).click();
  await page.getByLabel('Sign-up reward').uncheck();
  await expect(page.getByLabel('Reward currency')).toBeDisabled();
  await expect(page.getByLabel('Reward amount')).toHaveValue('0');
  await page.getByLabel('Sign-up reward').check();
  await page.getByLabel('Reward currency').selectOption('JPY');
  await page.getByLabel('Reward amount').fill('700');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('700 JPY')).toBeVisible();

  // An account made with the affiliate's referral (as a sign-up through its link records it), verified.
  const created = await page.evaluate(async (referralCode) => {
    const session = JSON.parse(sessionStorage.getItem('cutloom.console.session') ?? '{}');
    const answer = await fetch('/auth/admin-user-create', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.idToken}` },
      body: JSON.stringify({
        info: {
          name: 'Referred Person',
          email: `aff-${Date.now()}@example.com`,
          password: 'referred-pass1',
          language: 'ja',
          referralType: 'affiliate',
          referralCode,
        },
      }),
    });
    return answer.status;
  }, code);
  expect(created).toBe(200);

  // This month so far, unless another range is entered.
  await nav.getByRole('link', { name: 'Affiliate settlement' }).click();
  const signUps = page.getByRole('table', { name: 'Sign-up settlements' });
  await expect(
    signUps.getByRole('row', { name: new RegExp(`^Target Creator Lab ${code} \\S+ Yes .* ¥700$`) }),
  ).toBeVisible();
  await expect(page.getByRole('table', { name: 'Payment settlements' })).toBeVisible();
});
