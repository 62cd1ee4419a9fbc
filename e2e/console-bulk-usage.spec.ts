import { expect, test } from '@playwright/test';
import { createAccount, signInToConsole } from './console-helpers.ts';

/** The bulk usage grant in the console, against the whole local product (SQS stand-in included). */
test('a bulk usage grant from a CSV finishes and lists the unknown e-mail with its reason', async ({
  page,
}) => {
  await signInToConsole(page);
  const byUid = await createAccount(page, 'Usage ByUid');
  const byEmail = await createAccount(page, 'Usage ByEmail');

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Grant usage in bulk' }).click();
  await expect(page.getByRole('heading', { name: 'Grant usage in bulk' })).toBeVisible();
  await page.getByLabel('Translation (characters)').fill('-1000');
  await page.getByLabel('Reason (desc)').fill('outage credit');
  await page.getByRole('button', { name: 'Grant to all' }).click();
  await expect(page.getByText('No uids are given.')).toBeVisible();

  const unknown = `nobody-${Date.now()}@example.com`;
  const csv = ['uidOrEmail', byUid.uid, byEmail.email, unknown].join('\n');
  await page
    .getByLabel('CSV file of uids or e-mails')
    .setInputFiles({ name: 'credits.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('credits.csv: 3 accounts')).toBeVisible();
  await page.getByRole('button', { name: 'Grant to all' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(
    dialog.getByText(
      '3 accounts get STT 0 min, TTS 0, translation -1000, image generation 0. Reason: outage credit',
    ),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();

  await expect(page.getByText('3 / 3 processed')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Failed to create.. 1 failed, 2 succeeded.')).toBeVisible();
  const failures = page.getByRole('table', { name: 'Failures' });
  await expect(
    failures.getByRole('row', { name: `${unknown} No such account (or it was deleted).` }),
  ).toBeVisible();
});
