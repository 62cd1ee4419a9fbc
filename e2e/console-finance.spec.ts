import { readFileSync } from 'node:fs';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { DateTime } from 'luxon';
import { RECONCILIATION_VARIABLE } from '../scripts/local/reconciliation-switch.ts';
import { formatPrice } from '../shared/currency.ts';
import { reconciliationRunAt } from '../shared/finance/reconciliation.ts';
import { KST_DATE, KST_ZONE } from '../shared/time/kst.ts';
import { startIsolatedRuntime } from '../test/integration/isolated-runtime.ts';
import { operatorToken, screens, seriousViolations, signInToConsole } from './console-helpers.ts';

/**
 * The finance view and the daily reconciliation, in a runtime of their own (its totals are this file's
 * payments alone, and the reconciliation test moves its clock): payments set up through the API, then
 * the operator's pages from the console's login.
 */
let runtime: Awaited<ReturnType<typeof startIsolatedRuntime>>;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  runtime = await startIsolatedRuntime({ web: 'dist', env: { [RECONCILIATION_VARIABLE]: 'on' } });
});
test.afterAll(() => runtime?.stop());

async function post<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const answer = await request.post(`${runtime.url}${path}`, {
    data,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

const signIn = async (request: APIRequestContext, email: string, password: string, clientType: string) =>
  (
    await post<{ session: { idToken: string }; user: { uid: string } }>(request, '/auth/v2/sign-in', {
      email,
      password,
      clientType,
      language: 'ko',
    })
  ).session.idToken;

/** A customer's order of `planName` in won, paid by card on the sandbox checkout in `page`: what it took. */
async function buy(page: Page, request: APIRequestContext, token: string, planName: string): Promise<number> {
  const { sessionInfo } = await post<{ sessionInfo: { guid: string; price: { finalPrice: number } } }>(
    request,
    '/payment/create-init-payment',
    { clientType: 'landing', language: 'ko', planName },
    token,
  );
  const order = await post<{
    merchantUid: string;
    checkoutMerchantUid: string;
    amount: number;
    customerUid?: string;
  }>(request, '/payment/insert-payment-progress', {
    guid: sessionInfo.guid,
    price: sessionInfo.price.finalPrice,
    planName,
    payMethod: 'card',
    pg: 'html5_inicis',
    currency: 'KRW',
    isTest: false,
    userName: 'Minji Seo',
    userEmail: 'minji@example.com',
    userPhone: '+821077770027',
  });
  const checkout = new URLSearchParams({
    pg: 'html5_inicis',
    pay_method: 'card',
    merchant_uid: order.checkoutMerchantUid,
    name: planName,
    amount: String(order.amount),
    currency: 'KRW',
    ...(order.customerUid ? { customer_uid: order.customerUid } : {}),
    m_redirect_url: `${runtime.url}/ko/refund-policy`,
  });
  await page.goto(`${runtime.url}/_local/payments/checkout?${checkout}`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/ko\/refund-policy\?/);
  const confirmed = order.customerUid
    ? await post<{ result: string }>(request, '/payment/create-billing-key-payment', {
        guid: sessionInfo.guid,
        merchantUid: order.merchantUid,
        customerUid: order.customerUid,
      })
    : await post<{ result: string }>(request, '/payment/get-payment-result', {
        guid: sessionInfo.guid,
        merchantUid: order.merchantUid,
      });
  expect(confirmed.result).toBe('success');
  return order.amount;
}

test('the finance page shows the day’s money as paid and refunded, its CSV the same; the revenue page draws its charts', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const operator = await operatorToken(request, runtime.url);
  const email = `finance-${Date.now()}@example.com`;
  await post(
    request,
    '/auth/admin-user-create',
    { info: { name: 'Minji Seo', email, password: 'finance-pass1', language: 'ko' } },
    operator,
  );
  const customer = await signIn(request, email, 'finance-pass1', 'landing');
  const customer2Email = `finance-pass-${Date.now()}@example.com`;
  const second = await post<{ result: { uid: string } }>(
    request,
    '/auth/admin-user-create',
    { info: { name: 'Jisoo Han', email: customer2Email, password: 'finance-pass1', language: 'ko' } },
    operator,
  );
  const passHolder = await signIn(request, customer2Email, 'finance-pass1', 'landing');
  const refunded = 10_000;
  const subscription = await buy(page, request, customer, 'MR_STANDARD_V3');
  const pass = await buy(page, request, passHolder, 'Y1_STANDARD_V3');
  await post(
    request,
    '/payment/cancel-payment',
    { uid: second.result.uid, price: refunded, reason: 'goodwill', refundSource: 'portone' },
    operator,
  );

  await signInToConsole(page, runtime.url);
  await page
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Finance', exact: true })
    .click();
  await expect(page.getByRole('heading', { name: 'Finance', exact: true })).toBeVisible();
  await page.getByLabel('Period', { exact: true }).selectOption('day');
  await expect(page).toHaveURL(/period=\d{4}-\d{2}-\d{2}/);
  const gross = pass + subscription;
  const total = page.getByRole('table', { name: /^Totals / }).getByRole('row', { name: /KRW Total/ });
  await expect(total).toContainText(
    [gross, refunded, gross - refunded].map((amount) => formatPrice(amount, 'KRW')).join(''),
  );

  // The accountant's CSV of the totals: the same figures, as numbers.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page
      .getByRole('region', { name: /^Totals / })
      .getByRole('button', { name: 'Export CSV' })
      .click(),
  ]);
  const csv = readFileSync((await download.path()) as string, 'utf8').replace(/^\uFEFF/, '');
  expect(csv.split('\r\n')).toContain(`KRW,Total,${gross},${refunded},${gross - refunded},2,1`);
  const ledger = page.getByRole('region', { name: /^Payments and refunds / });
  await expect(ledger.getByText('All 3 rows shown')).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await screens(page, 'console-finance');

  await page.getByRole('link', { name: 'Revenue charts' }).click();
  await expect(page.getByRole('heading', { name: 'Revenue', exact: true })).toBeVisible();
  await expect(page.getByRole('region', { name: /Monthly recurring revenue/ })).toContainText(
    formatPrice(subscription, 'KRW'),
  );
  const charts = page.locator('figure.console-chart canvas');
  await expect(charts).toHaveCount(5);
  await expect(page.getByRole('img', { name: /^Daily revenue in KRW/ })).toBeVisible();
  await expect(
    page.getByRole('img', { name: /^Active subscriptions by plan.*, 1 at the end$/ }),
  ).toBeVisible();
  // Each canvas was drawn on (Chart.js paints the axes and bars): some pixel is not blank.
  for (const canvas of await charts.all()) {
    expect(
      await canvas.evaluate((element: HTMLCanvasElement) => {
        const context = element.getContext('2d');
        if (!context) return false;
        const { data } = context.getImageData(0, 0, element.width, element.height);
        return data.some((value, index) => index % 4 === 3 && value > 0);
      }),
    ).toBe(true);
  }
  expect(await seriousViolations(page)).toEqual([]);
  await screens(page, 'console-revenue');
});

test('a provider payment without an order is listed on the attention page once the clock passes the night’s reconciliation', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const strayUid = `stray-${Date.now()}`;
  const checkout = new URLSearchParams({
    pg: 'html5_inicis',
    pay_method: 'card',
    merchant_uid: strayUid,
    name: 'Y1_STANDARD_V3',
    amount: '50000',
    currency: 'KRW',
    buyer_email: 'stray@example.com',
    m_redirect_url: `${runtime.url}/ko/refund-policy`,
  });
  await page.goto(`${runtime.url}/_local/payments/checkout?${checkout}`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/ko\/refund-policy\?/);

  // The KST day the payment was made on: between 00:00 and 03:00 KST the run due next is the day before's,
  // so the clock passes each run due until that day's has run (each run schedules the next).
  const paidAt = Date.parse(
    ((await (await request.get(`${runtime.url}/_local/clock`)).json()) as { now: string }).now,
  );
  const paidOn = DateTime.fromMillis(paidAt, { zone: KST_ZONE }).toFormat(KST_DATE);
  for (let run = 0; run < 2; run += 1) {
    const { schedules } = (await (await request.get(`${runtime.url}/_local/schedules.json`)).json()) as {
      schedules: Array<{ Name: string }>;
    };
    const day = schedules
      .find((schedule) => schedule.Name.startsWith('reconcile-'))
      ?.Name.slice('reconcile-'.length);
    expect(day).toBeTruthy();
    const moved = await request.post(`${runtime.url}/_local/clock`, {
      data: { to: new Date(reconciliationRunAt(day as string) + 1_000).toISOString() },
    });
    expect(moved.ok()).toBe(true);
    if ((day as string) >= paidOn) break;
  }

  await signInToConsole(page, runtime.url);
  await page.getByRole('link', { name: 'Needs attention: money an operator must settle' }).click();
  const row = page.getByRole('row', { name: new RegExp(strayUid) });
  // The reconciliation runs as the clock passes it, a job of its own that may still be reading the day's
  // payments when the page first opens (seconds on a loaded machine): the operator looks again.
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText('Provider payment without a paid order', { timeout: 3_000 });
  }).toPass({ timeout: 60_000 });
  await expect(row).toContainText('₩50,000');
  // The payments that agreed with the provider (the first test's) raised nothing.
  await expect(page.getByRole('row', { name: /Amounts differ|missing at the provider/ })).toHaveCount(0);
});
