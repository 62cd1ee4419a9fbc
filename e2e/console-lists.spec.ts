import { readFile } from 'node:fs/promises';
import { expect, type Page, test } from '@playwright/test';
import Papa from 'papaparse';
import { LIST_PAGE_SIZE } from '../shared/api/list-page.ts';
import { randomCouponCode } from '../shared/coupons/coupon-rules.ts';
import { formatKst, KST_DATE } from '../shared/time/kst.ts';
import { createAccount, signInToConsole } from './console-helpers.ts';

/**
 * The console's list habits (issue 19), as an operator meets them from the login: a list beyond its
 * first page, a filter typed once and kept in the address across a reload, a name matched as a prefix
 * without being asked, users selected and handed to a bulk page, a list exported to CSV and read
 * back, and an edit undone from its toast.
 */

/** An admin call with the signed-in operator's session, as the console makes it. */
async function adminFetch(page: Page, path: string, body: unknown, method = 'POST') {
  return page.evaluate(
    async ({ path, body, method }) => {
      const session = JSON.parse(sessionStorage.getItem('cutloom.console.session') ?? '{}');
      const answer = await fetch(path, {
        method,
        headers: { 'content-type': 'application/json', authorization: `Bearer ${session.idToken}` },
        ...(method === 'GET' ? {} : { body: JSON.stringify(body) }),
      });
      return { status: answer.status, body: await answer.json() };
    },
    { path, body, method },
  );
}

test('a coupon list beyond its first page: filtered as typed, kept in the address, loaded on, exported to CSV', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToConsole(page);
  const tag = `Pager${Date.now().toString(36)}`;
  const count = LIST_PAGE_SIZE + 5;
  const inAnHour = new Date(Date.now() + 3_600_000).toISOString();
  const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString();
  const codes: string[] = [];
  for (let index = 0; index < count; index += 1) {
    const couponCode = randomCouponCode();
    codes.push(couponCode);
    const created = await adminFetch(page, '/payment/admin-create-coupon', {
      couponCode,
      name: `${tag} ${String(index).padStart(2, '0')}`,
      totalAmount: 10,
      startedAt: inAnHour,
      expiredAt: inAMonth,
      description: index === 0 ? 'says "hello", twice' : '',
    });
    expect(created.status).toBe(200);
  }

  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'PromoCode' })
    .click();
  await page.getByLabel('Code or name').fill(tag.toLowerCase());
  await expect(page).toHaveURL(new RegExp(`search=${tag.toLowerCase()}`));
  const status = page.getByRole('status').filter({ hasText: 'rows shown' });
  await expect(status).toContainText(`${LIST_PAGE_SIZE} rows shown, more to load`);

  await page.reload();
  await expect(page.getByLabel('Code or name')).toHaveValue(tag.toLowerCase());
  await expect(status).toContainText(`${LIST_PAGE_SIZE} rows shown, more to load`);
  const table = page.getByRole('table', { name: 'PromoCode' });
  // The oldest coupon is on the second page: scrolling to the end of the table brings it.
  const oldestRow = table.getByRole('row', { name: new RegExp(`^${codes[0]} ${tag} 00 `) });
  await expect(oldestRow).toHaveCount(0);
  await page.locator('.console-table-scroll').evaluate((scroller) => {
    scroller.scrollTop = scroller.scrollHeight;
  });
  await expect(status).toContainText(`All ${count} rows shown`);
  await page.locator('.console-table-scroll').evaluate((scroller) => {
    scroller.scrollTop = scroller.scrollHeight;
  });
  await expect(oldestRow).toBeVisible();

  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`coupons-${formatKst(Date.now(), KST_DATE)}.csv`);
  const text = await readFile((await file.path()) as string, 'utf8');
  expect(text.startsWith('\uFEFF')).toBe(true);
  expect(text).toContain('\r\n');
  const [header, ...rows] = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
  expect(header).toEqual([
    'Coupon code',
    'Name',
    'Total amount',
    'Remaining',
    'Start (KST)',
    'End (KST)',
    'Description',
    'Created',
  ]);
  expect(rows.map((row) => row[0]).sort()).toEqual([...codes].sort());
  const oldest = rows.find((row) => row[0] === codes[0]) ?? [];
  expect(oldest[1]).toBe(`${tag} 00`);
  expect(oldest[6]).toBe('says "hello", twice');
  expect(oldest[4]).toBe(formatKst(Date.parse(inAnHour)));
});

test('a name without a full match is matched as a prefix; the users checked are granted usage on the bulk page', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signInToConsole(page);
  const tag = `Picked${Date.now().toString(36)}`;
  const alpha = await createAccount(page, `${tag} Alpha`);
  const beta = await createAccount(page, `${tag} Beta`);

  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Users' })
    .click();
  await page.getByLabel('Name', { exact: true }).fill(tag);
  await expect(
    page.getByText('Nothing matches in full: names and e-mails starting with the text are shown.'),
  ).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`name=${tag}`));
  await page.getByRole('checkbox', { name: `Select ${tag} Alpha ${alpha.email}` }).check();
  await page.getByRole('checkbox', { name: `Select ${tag} Beta ${beta.email}` }).check();
  await expect(page.getByText('2 selected')).toBeVisible();
  await page.getByRole('button', { name: 'Grant usage' }).click();

  await expect(page.getByRole('heading', { name: 'Grant usage in bulk' })).toBeVisible();
  await expect(page.getByText('2 accounts selected in the user list')).toBeVisible();
  await page.getByLabel('Translation (characters)').fill('-1500');
  await page.getByLabel('Reason (desc)').fill('picked in the list');
  await page.getByRole('button', { name: 'Grant to all' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByText('All 2 items succeeded.')).toBeVisible({ timeout: 20_000 });

  for (const account of [alpha, beta]) {
    const usage = await adminFetch(page, '/auth/admin-usage-list', {
      uid: account.uid,
      from: Date.now() - 86_400_000,
      to: Date.now() + 86_400_000,
      usageType: 'ALL',
    });
    expect(usage.body.results).toEqual([
      expect.objectContaining({
        type: 'TRANSLATE',
        count: -1500,
        source: 'grant',
        desc: 'picked in the list',
      }),
    ]);
  }
});

test('a config edit is undone from its toast and never sent; an edit left alone is sent when its toast goes', async ({
  page,
}) => {
  test.setTimeout(60_000);
  await signInToConsole(page);
  const name = `e2e-undo-${Date.now()}`;
  const created = await adminFetch(page, '/auth/admin-config', { name, value: '{"step":1}' });
  expect(created.status).toBe(200);
  const configId = created.body.configId as string;
  const writes: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PUT' && request.url().includes(`/auth/admin-config/${configId}`))
      writes.push(request.postData() ?? '');
  });

  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Config' })
    .click();
  const row = page.getByRole('row', { name });
  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByLabel(`Value ${name}`).fill('{"step":2}');
  await page.getByRole('button', { name: `Save ${name}` }).click();
  const toast = page.getByRole('listitem').filter({ hasText: 'Saved successfully' });
  await expect(row.getByRole('cell', { name: '{"step":2}' })).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.getByText('Change undone')).toBeVisible();
  await expect(row.getByRole('cell', { name: '{"step":1}' })).toBeVisible();

  await page.getByRole('button', { name: `Edit ${name}` }).click();
  await page.getByLabel(`Value ${name}`).fill('{"step":3}');
  const sent = page.waitForRequest(
    (request) => request.method() === 'PUT' && request.url().includes(`/auth/admin-config/${configId}`),
  );
  await page.getByRole('button', { name: `Save ${name}` }).click();
  await expect(row.getByRole('cell', { name: '{"step":3}' })).toBeVisible();
  // Not sent while its toast offers Undo.
  expect(writes).toEqual([]);
  await sent;
  await expect
    .poll(
      async () => (await adminFetch(page, `/auth/admin-config/${configId}`, null, 'GET')).body.config.value,
    )
    .toBe('{"step":3}');
  // The undone edit was never sent: the one write is the edit left alone.
  expect(writes.map((body) => JSON.parse(body).value)).toEqual(['{"step":3}']);
  await page.reload();
  await expect(page.getByRole('row', { name }).getByRole('cell', { name: '{"step":3}' })).toBeVisible();
});
