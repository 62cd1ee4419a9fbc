import { expect, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { startIsolatedRuntime } from '../test/integration/isolated-runtime.ts';
import { createAccount, signInToConsole } from './console-helpers.ts';

/** Direct deposits and their schedules in the console, against the whole local product. */

test('a direct deposit for one user, then a bulk deposit from a CSV that lists its failures with their reasons', async ({
  page,
}) => {
  await signInToConsole(page);
  const holder = await createAccount(page, 'Deposit Holder');
  const byUid = await createAccount(page, 'Deposit ByUid');
  const byEmail = await createAccount(page, 'Deposit ByEmail');

  await page.goto(`/admin/users/${holder.uid}/directDeposit/create`);
  await expect(page.getByLabel('UID')).toHaveValue(holder.uid);
  await expect(page.getByLabel('UID')).toBeDisabled();
  await expect(page.getByLabel('Payer e-mail')).toHaveValue(holder.email);
  await page.getByRole('button', { name: 'Create direct deposit' }).click();
  await expect(page.getByText('Please choose a plan.')).toBeVisible();
  await expect(page.getByText("Please enter the payer's phone number.")).toBeVisible();
  await page.getByRole('combobox', { name: 'Plan', exact: true }).selectOption('Y1_STANDARD_V3');
  await page.getByLabel('Price').fill('250000');
  await page.getByLabel('Payer phone').fill('+821012341234');
  await page.getByLabel('Description (reason)').fill('bank transfer');
  await page.getByRole('button', { name: 'Create direct deposit' }).click();
  await expect(page.getByText('Saved successfully', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'User Deposit Holder' })).toBeVisible();

  await page.goto('/admin');
  await page.getByRole('link', { name: 'Direct deposit in bulk' }).click();
  await expect(page.getByRole('heading', { name: 'Direct deposit in bulk' })).toBeVisible();
  await page.getByLabel('Description (reason)').fill('event winners');
  await page.getByRole('combobox', { name: 'Plan', exact: true }).selectOption('Y1_LIGHT_V3');
  await page.getByLabel('Price').fill('0');
  await page.getByRole('button', { name: 'Deposit for all' }).click();
  await expect(page.getByText('No uids are given.')).toBeVisible();

  const csv = ['uidOrEmail', byUid.uid, byEmail.email, holder.uid, 'nobody@example.com'].join('\n');
  await page
    .getByLabel('CSV file of uids or e-mails')
    .setInputFiles({ name: 'winners.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByText('winners.csv: 4 accounts')).toBeVisible();
  await expect(page.getByLabel('Payment type')).toHaveValue('plan');
  await page.getByRole('button', { name: 'Deposit for all' }).click();
  const dialog = page.getByRole('alertdialog');
  await expect(
    dialog.getByText('4 accounts get Y1_LIGHT_V3 for 0 KRW (plan). Reason: event winners'),
  ).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();

  await expect(page.getByText('4 / 4 processed')).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText('Failed to create.. 2 failed, 2 succeeded.')).toBeVisible();
  const failures = page.getByRole('table', { name: 'Failures' });
  await expect(
    failures.getByRole('row', { name: `${holder.uid} The account already has a plan that has not ended.` }),
  ).toBeVisible();
  await expect(
    failures.getByRole('row', { name: 'nobody@example.com No such account (or it was deleted).' }),
  ).toBeVisible();
});

test.describe('a schedule', () => {
  // The test clock is moved: in a runtime of its own, so the suite's other tests keep their time.
  let runtime: Awaited<ReturnType<typeof startIsolatedRuntime>>;
  test.beforeAll(async () => {
    test.setTimeout(90_000);
    runtime = await startIsolatedRuntime({ web: 'dist' });
  });
  test.afterAll(() => runtime?.stop());

  test('made from the query runs when the test clock reaches it, logs the deposit, and is disabled and edited', async ({
    page,
  }) => {
    const base = runtime.url;
    await signInToConsole(page, base);
    const { uid, email } = await createAccount(page, 'Scheduled Person');
    const clock = (await (await page.request.get(`${base}/_local/clock`)).json()) as { now: string };
    const start = DateTime.fromISO(clock.now, { zone: 'Asia/Seoul' }).plus({ minutes: 2 });

    await page.goto(
      `${base}/admin/schedule/create?uid=${uid}&userName=${encodeURIComponent('Scheduled Person')}&userEmail=${encodeURIComponent(email)}`,
    );
    await expect(page.getByLabel('Payer e-mail')).toHaveValue(email);
    await expect(page.getByLabel('Payer e-mail')).toBeDisabled();
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Please enter a description.')).toBeVisible();
    await page.getByLabel('Payer phone').fill('+821055556666');
    await page.getByRole('combobox', { name: 'Plan', exact: true }).selectOption('Y1_LIGHT_V3');
    await page.getByLabel('Price').fill('0');
    await page.getByLabel('Start (KST)').fill(start.toFormat('yyyy-MM-dd HH:mm'));
    await page.getByLabel('Description').fill('launch gift');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Saved successfully', { exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^Schedule / })).toBeVisible();
    const logs = page.getByRole('table', { name: 'Logs' });
    await expect(logs.getByText('No data available')).toBeVisible();
    const scheduleUrl = page.url();

    const advanced = await page.request.post(`${base}/_local/clock`, { data: { advanceSeconds: 240 } });
    expect(advanced.ok()).toBe(true);
    await page.goto(scheduleUrl);
    await expect(logs.getByRole('cell', { name: /^dep_/ })).toBeVisible();
    const details = page.locator('dl.console-details').first();
    await expect(details.getByText(start.toFormat('yyyy-MM-dd HH:mm')).first()).toBeVisible();

    await page.getByRole('button', { name: 'Disable' }).click();
    await expect(page.getByText('update success', { exact: true })).toBeVisible();
    await expect(details.getByText('Disabled', { exact: true })).toBeVisible();

    await page.getByRole('link', { name: 'Edit' }).click();
    await expect(page.getByLabel('UID')).toBeDisabled();
    await page.getByLabel('Payer phone').fill('+821077778888');
    await page.getByLabel('Repeat').selectOption('year');
    await page.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('+821077778888')).toBeVisible();
    await expect(details.getByText('Every year')).toBeVisible();

    await page
      .getByRole('navigation', { name: 'Console navigation' })
      .getByRole('link', { name: 'Schedules' })
      .click();
    await expect(page.getByRole('row', { name: new RegExp(email) })).toBeVisible();
  });
});
