import { expect, type Page, test } from '@playwright/test';
import {
  createAccount,
  screens,
  seriousViolations,
  signInToConsole,
  uniqueEmail,
} from './console-helpers.ts';

/**
 * The console as operators use it (issue 19): each defect found, from the console's login to where
 * the operator should end, asserting what was granted or refunded, not only which page opened.
 */

/** An account's monthly counters as the user detail reads them (the operator's own session). */
async function freeCounters(page: Page, uid: string): Promise<Record<string, number>> {
  return page.evaluate(async (uid) => {
    const session = JSON.parse(sessionStorage.getItem('cutloom.console.session') ?? '{}');
    const answer = await fetch('/auth/admin-user-info', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${session.idToken}` },
      body: JSON.stringify({ uid }),
    });
    return (await answer.json()).usage.free;
  }, uid);
}

const actions = (page: Page) => page.getByRole('navigation', { name: 'Actions' });
// By place, not by name: the section's name changes with the console's language.
const activities = (page: Page) => page.locator('#section-activities');

test('a direct deposit is refunded to the product account, the only source open, and its activities are named', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToConsole(page);
  const holder = await createAccount(page, 'Deposit Refund');
  await page.goto(`/admin/users/${holder.uid}/show`);
  await actions(page).getByRole('link', { name: 'Direct deposit', exact: true }).click();
  await page.getByRole('combobox', { name: 'Plan', exact: true }).selectOption('Y1_STANDARD_V3');
  await page.getByLabel('Price').fill('250000');
  await page.getByLabel('Payer phone').fill('+821012341234');
  await page.getByLabel('Description (reason)').fill('bank transfer');
  await page.getByRole('button', { name: 'Create direct deposit' }).click();
  await expect(page.getByTestId('valid-plan')).toHaveText('Y1_STANDARD_V3');
  await expect(
    activities(page).getByRole('cell', { name: 'Direct deposit created', exact: true }),
  ).toBeVisible();

  await actions(page).getByRole('link', { name: 'Refund' }).click();
  const estimate = page.getByRole('region', { name: 'Refund estimate' });
  await expect(estimate.getByText('₩250,000').first()).toBeVisible();
  await expect(estimate).not.toContainText(/\btrue\b|\bfalse\b/);
  const source = estimate.getByRole('group', { name: 'How the money goes back' });
  // The provider's way is listed, disabled with its reason: the deposit was paid outside it.
  await expect(source.getByRole('radio')).toHaveCount(2);
  await expect(
    source.getByRole('radio', { name: /^Back to the payment method/ }),
  ).toHaveAccessibleDescription(
    'A direct deposit was paid outside the provider: there is nothing to cancel there.',
  );
  await expect(source.getByRole('radio', { name: /^Back to the payment method/ })).toBeDisabled();
  await expect(
    source.getByRole('radio', {
      name: "Bank transfer from the Cutloom account to the customer's account Recommended",
    }),
  ).toBeChecked();
  // A bank transfer needs the customer's account: asked at its fields before anything is sent.
  await estimate.getByLabel('Reason', { exact: true }).fill('contract cancelled');
  await estimate.getByRole('button', { name: 'Refund' }).click();
  await expect(estimate.getByText('Choose the bank.')).toBeVisible();
  await expect(estimate.getByLabel('Account number')).toHaveAttribute('aria-invalid', 'true');
  await estimate.getByLabel('Bank', { exact: true }).selectOption({ label: 'Shinhan Bank' });
  await estimate.getByLabel('Account number').fill('110-123-456789');
  await estimate.getByLabel('Account holder').fill('Deposit Refund');
  expect(await seriousViolations(page, 'section[aria-labelledby="refund-estimate-title"]')).toEqual([]);
  await screens(page, 'console-refund');
  await estimate.getByRole('button', { name: 'Refund' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Refund' }).click();
  await expect(page.getByText('Refunded successfully', { exact: true })).toBeVisible();
  // Owed, not paid: the screen says to whom, masked, and where an operator pays it.
  await expect(page.getByRole('region', { name: 'Refund owed by bank transfer' })).toContainText(
    'Shinhan Bank · Deposit Refund · ***-***-789',
  );
  await page.getByRole('link', { name: 'Back to the user' }).click();
  await expect(page.getByTestId('valid-plan')).toHaveText('FREE');
  await expect(activities(page).getByRole('cell', { name: 'Payment refunded', exact: true })).toBeVisible();

  // Every language names the action (the deposit was a raw key in all five).
  await page.getByLabel('Console language').selectOption('ja');
  await expect(activities(page).getByRole('cell', { name: '直接入金を作成', exact: true })).toBeVisible();
});

test('an unknown uid is said inside the console frame, in the operator’s language, with the ways back', async ({
  page,
}) => {
  await signInToConsole(page);
  await page.goto('/admin/users/no-such-uid/show');
  await expect(page.getByRole('heading', { name: 'This page cannot be shown' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('It does not exist, or no longer exists. (not_found)');
  await expect(page.getByText('AdminError')).toHaveCount(0);
  await expect(page.getByRole('navigation', { name: 'Console navigation' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible();
  await page.getByLabel('Console language').selectOption('ko');
  await expect(page.getByRole('alert')).toHaveText('존재하지 않거나 더 이상 존재하지 않습니다. (not_found)');
  await page.getByRole('link', { name: '대시보드' }).last().click();
  await expect(page).toHaveURL(/\/admin\/?$/);
});

test('the staff login says the same for an unknown address and a wrong password', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('cutloom.console.language', 'en'));
  await page.goto('/admin/login');
  const attempt = async (email: string) => {
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('wrong-pass1');
    await page.getByRole('button', { name: 'Log in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The e-mail or password is not correct.');
    await expect(page.getByText('No account uses this e-mail address.')).toHaveCount(0);
  };
  await attempt(uniqueEmail('nobody'));
  await page.reload();
  await attempt('operator@cutloom.local');
});

test('a schedule takes the payer from the account, whatever the address bar says', async ({ page }) => {
  await signInToConsole(page);
  const account = await createAccount(page, 'Schedule Payer');
  await page.goto(
    `/admin/schedule/create?uid=${account.uid}&userName=Mallory&userEmail=${encodeURIComponent('mallory@example.com')}`,
  );
  await expect(page.getByLabel('Payer e-mail')).toHaveValue(account.email);
  await expect(page.getByLabel('Payer name')).toHaveValue('Schedule Payer');
  await expect(
    page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Schedule Payer' }),
  ).toHaveAttribute('href', `/admin/users/${account.uid}/show`);
  await page.getByLabel('Payer phone').fill('+821055556666');
  await page.getByRole('combobox', { name: 'Plan', exact: true }).selectOption('Y1_LIGHT_V3');
  await page.getByLabel('Price').fill('0');
  await page.getByLabel('Description').fill('launch gift');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('heading', { name: /^Schedule / })).toBeVisible();
  await expect(page.getByText(account.email).first()).toBeVisible();
  await expect(page.getByText('mallory@example.com')).toHaveCount(0);
});

test('a finished bulk grant starts empty, and the same list sent again is queued only when the repeat is confirmed', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToConsole(page);
  const first = await createAccount(page, 'Repeat One');
  const second = await createAccount(page, 'Repeat Two');
  const csv = {
    name: 'credits.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from([first.uid, second.email].join('\n')),
  };
  const desc = `repeat ${Date.now()}`;
  const fill = async () => {
    await page.getByLabel('CSV file of uids or e-mails').setInputFiles(csv);
    await page.getByLabel('Speech-to-text (minutes)').fill('-2.5');
    await page.getByLabel('Reason (desc)').fill(desc);
    await page.getByRole('button', { name: 'Grant to all' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  };
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Bulk' })
    .click();
  await page.getByRole('link', { name: 'Grant usage in bulk' }).click();
  await fill();
  await expect(page.getByText('All 2 items succeeded.')).toBeVisible({ timeout: 20_000 });
  // The finished job's form starts again: nothing left to send by a second click.
  await expect(page.getByLabel('Reason (desc)')).toHaveValue('');
  await expect(page.getByLabel('Speech-to-text (minutes)')).toHaveValue('0');
  await expect(page.getByText('credits.csv: 2 accounts')).toHaveCount(0);
  expect((await freeCounters(page, first.uid)).sttMonthly).toBe(-150);

  await fill();
  const repeat = page.getByRole('alertdialog', { name: 'Send the same job again?' });
  await repeat.getByRole('button', { name: 'Cancel' }).click();
  await expect(page.getByText('2 / 2 processed')).toHaveCount(0);
  expect((await freeCounters(page, first.uid)).sttMonthly).toBe(-150);

  await page.getByRole('button', { name: 'Grant to all' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await repeat.getByRole('button', { name: 'Send again' }).click();
  await expect(page.getByText('All 2 items succeeded.')).toBeVisible({ timeout: 20_000 });
  expect((await freeCounters(page, first.uid)).sttMonthly).toBe(-300);
  expect((await freeCounters(page, second.uid)).sttMonthly).toBe(-300);
});

test('forms show every problem at once', async ({ page }) => {
  await signInToConsole(page);
  await page.goto('/admin/customPlan/create');
  await page.getByLabel('Price (KRW)').fill('0');
  await page.getByRole('button', { name: 'Create' }).click();
  await expect(page.getByText(/^The name must look like/)).toBeVisible();
  await expect(page.getByText('price should be positive number.')).toHaveCount(3);
  await expect(page.getByText('Description is required.')).toBeVisible();

  await page.goto('/admin/bulk/directDepositCreate');
  await page.getByRole('button', { name: 'Deposit for all' }).click();
  await expect(page.getByText('No uids are given.')).toBeVisible();
  await expect(page.getByText('Please choose a plan.')).toBeVisible();
  await expect(page.getByText('For admin activity, desc should be filled.')).toBeVisible();

  await page.goto('/admin/surveys/create');
  await page.getByLabel('Action type').selectOption('redirect');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Please fill in the survey type.')).toBeVisible();
  await expect(page.getByText('A redirect needs the page address (http or https).')).toBeVisible();
});

test('server refusals reach the operator in the console’s words with their code, never the server’s text', async ({
  page,
}) => {
  await signInToConsole(page);
  const account = await createAccount(page, 'Refusal Person');
  await page.goto(`/admin/users/${account.uid}/usages`);
  await page.getByLabel('From (KST)').fill('2020-01-01');
  await page.getByRole('button', { name: 'Search' }).click();
  const refusal = page.getByRole('alert').filter({ hasText: 'Invalid date format' });
  await expect(refusal).toHaveText('Invalid date format (invalid_argument)');
  await expect(page.getByText(/AdminError|✖/)).toHaveCount(0);

  await page.goto(`/admin/users/${account.uid}/refund`);
  await expect(page.getByRole('alert')).toContainText(/\((internal|not_found|conflict)\)$/);
  await expect(page.getByText(/AdminError|no plan to refund/)).toHaveCount(0);

  await page.goto('/admin/feedbackFiles/cloud?projectId=no-such-project');
  await page.getByRole('button', { name: 'Copy for feedback' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'Error: No cloud project has this ID. (PROJECT_NOT_FOUND)',
  );
});

test('the smaller ones: STT in decimal minutes, JSON config entries, toasts off the navigation, the payments table at 1400 px', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1400, height: 900 });
  await signInToConsole(page);
  const account = await createAccount(page, 'Smaller Person');
  await page.goto(`/admin/users/${account.uid}/usages/create`);
  await page.getByLabel('Speech-to-text (minutes)').fill('-2.5');
  await page.getByLabel('Reason (desc)').fill('half minutes');
  await page.getByRole('button', { name: 'Grant' }).click();
  const toast = page.getByText('Saved successfully', { exact: true });
  await expect(toast).toBeVisible();
  await expect(page.getByRole('row', { name: /half minutes/ })).toContainText('-2 min 30 s');
  // The toast leaves the navigation and the logout uncovered.
  const header = await page.locator('header.console-header').boundingBox();
  const shown = await toast.boundingBox();
  expect(header && shown && shown.y >= header.y + header.height).toBe(true);

  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Config' })
    .click();
  const voices = page.getByRole('row', { name: /^tts-voices/ });
  await expect(voices.getByRole('button', { name: 'Edit tts-voices' })).toBeVisible();
  await expect(voices.getByRole('button', { name: 'Delete tts-voices' })).toHaveCount(0);
  await voices.getByRole('link', { name: 'Open' }).click();
  const before = await page.getByLabel('Value').inputValue();
  await page.getByLabel('Value').fill('[{"name": "broken"');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('This entry is read as JSON: the value is not valid JSON.')).toBeVisible();
  await page.getByLabel('Value').fill('[{"name": "no-gender"}]');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText(/^This entry's value does not have the form/)).toBeVisible();
  const list = await page.request.get('/operator/tts-voice-list-v2');
  const names = (voices: Array<{ name: string }>) => voices.map((voice) => voice.name);
  expect(names((await list.json()).result.allVoices)).toEqual(names(JSON.parse(before)));

  // A deposit gives the account a payment row to show.
  await page.goto(`/admin/users/${account.uid}/directDeposit/create`);
  await page.getByRole('combobox', { name: 'Plan', exact: true }).selectOption('Y1_LIGHT_V3');
  await page.getByLabel('Price').fill('99000');
  await page.getByLabel('Payer phone').fill('+821012340000');
  await page.getByLabel('Description (reason)').fill('wide table');
  await page.getByRole('button', { name: 'Create direct deposit' }).click();
  await page
    .getByRole('navigation', { name: 'Sections of this page' })
    .getByRole('link', { name: 'Payments' })
    .click();
  const payments = page.getByRole('table', { name: 'Payments' });
  await expect(payments.getByRole('row', { name: /wide table|Y1_LIGHT_V3/ })).toBeVisible();
  const lastHeader = await payments.getByRole('columnheader', { name: 'Payment type' }).boundingBox();
  expect(lastHeader && lastHeader.x + lastHeader.width <= 1400).toBe(true);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1400);
});

test('every page about a user leads back to it, and the Bulk menu opens the bulk dashboard', async ({
  page,
}) => {
  await signInToConsole(page);
  const account = await createAccount(page, 'Breadcrumb Person');
  for (const path of [
    'usages',
    'usages/create',
    'paymentProgress',
    'directDeposit/create',
    'userContactInfo',
  ]) {
    await page.goto(`/admin/users/${account.uid}/${path}`);
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Breadcrumb Person' })
      .click();
    await expect(page.getByRole('heading', { name: 'User Breadcrumb Person' })).toBeVisible();
  }
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Bulk' })
    .click();
  await expect(page.getByRole('heading', { name: 'Bulk pages', level: 1 })).toBeVisible();
  for (const name of ['Create users in bulk', 'Direct deposit in bulk', 'Grant usage in bulk'])
    await expect(page.getByRole('main').getByRole('link', { name })).toBeVisible();
});

test('dates are entered and shown one way, in KST, and read-only fields look read-only', async ({ page }) => {
  await signInToConsole(page);
  const account = await createAccount(page, 'Dates Person');
  await page.goto(`/admin/schedule/create?uid=${account.uid}`);
  const start = page.getByLabel('Start (KST)');
  await expect(start).toHaveValue(/^\d{4}-\d{2}-\d{2} \d{2}:00$/);
  await expect(start).toHaveAttribute('placeholder', 'yyyy-MM-dd HH:mm');
  await expect(page.locator('.console-kst-input').first().getByText('KST', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Choose on a calendar' }).first()).toBeVisible();
  await start.fill('2030-13-01 10:00');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Invalid date format', { exact: true })).toBeVisible();

  const look = (label: string) =>
    page.getByLabel(label).evaluate((input) => {
      const style = getComputedStyle(input);
      return { background: style.backgroundColor, border: style.borderTopColor };
    });
  expect(await look('UID')).toEqual({ background: 'rgb(241, 245, 249)', border: 'rgba(0, 0, 0, 0)' });
  expect(await look('Payer phone')).toEqual({
    background: 'rgb(255, 255, 255)',
    border: 'rgb(148, 163, 184)',
  });

  await page.goto(`/admin/users/${account.uid}/show`);
  const created = page.getByRole('region', { name: 'Account' }).locator('time').first();
  await expect(created).toHaveText(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}$/);
});
