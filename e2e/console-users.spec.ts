import { expect, test } from '@playwright/test';
import { signInToConsole, uniqueEmail } from './console-helpers.ts';

/** The users screens: an operator finds a customer, opens the detail and acts on the account. */
test('an operator finds a user, opens the detail, sends a verification mail, verifies and generates a reset link', async ({
  page,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const email = uniqueEmail('console-find');
  const signUp = await page.request.post('/auth/sign-up', {
    data: {
      name: 'Findable Person',
      email,
      password: 'findable-pass1',
      language: 'ja',
      clientType: 'landing',
    },
  });
  expect(signUp.status()).toBe(200);

  await signInToConsole(page);
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  // No address is only these 20 characters: the addresses starting with them are listed.
  await page.getByLabel('E-mail', { exact: true }).fill(email.slice(0, 20));
  await page.getByRole('row', { name: `Findable Person ${email}` }).click();

  await expect(page.getByRole('heading', { name: 'User Findable Person' })).toBeVisible();
  const account = page.getByRole('region', { name: 'Account' });
  await expect(account.getByText(`${email} (not verified)`)).toBeVisible();

  await account.getByRole('button', { name: 'Send verifying email' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Send verifying email success', { exact: true })).toBeVisible();
  await expect
    .poll(async () => {
      const mails = (await (await page.request.get('/_local/outbox.json')).json()) as Array<{ to: string[] }>;
      return mails.filter((mail) => mail.to.includes(email)).length;
    })
    .toBe(2);

  await account.getByRole('button', { name: 'Generate password reset link' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('link generated', { exact: true })).toBeVisible();
  const link = page.getByLabel('Password reset link (valid 24 hours, once)');
  await expect(link).toHaveValue(/\/ja\/password-reset\?token=/);
  await account.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByText('copied!', { exact: true })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(await link.inputValue());

  await account.getByRole('button', { name: 'Verify email' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('Verify email success', { exact: true })).toBeVisible();
  await expect(account.getByText(`${email} (verified)`)).toBeVisible();
  await expect(account.getByRole('button', { name: 'Send verifying email' })).toHaveCount(0);

  const activities = page.getByRole('region', { name: 'User activities' });
  await expect(activities.getByRole('cell', { name: 'E-mail verified', exact: true })).toBeVisible();
  await expect(
    activities.getByRole('cell', { name: 'Password reset link generated', exact: true }),
  ).toBeVisible();
  await expect(activities.getByRole('cell', { name: 'Verification e-mail sent', exact: true })).toBeVisible();
});
