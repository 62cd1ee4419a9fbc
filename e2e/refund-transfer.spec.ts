import { expect, type Page, test } from '@playwright/test';
import { SEEDED_ACCOUNTS } from '../scripts/local/seed.ts';
import { formatPrice } from '../shared/currency.ts';
import { BILLING_PAGE } from '../shared/site/site-pages.ts';
import { formatKst, KST_DATE } from '../shared/time/kst.ts';
import { startIsolatedRuntime } from '../test/integration/isolated-runtime.ts';
import { signInToBilling } from './billing-helpers.ts';
import { screens, seriousViolations, signInToConsole } from './console-helpers.ts';
import {
  fillOrderForm,
  type Lang,
  payOnCheckout,
  providerPayments,
  startOnPricing,
  text,
} from './journey-helpers.ts';
import { newAccount, PASSWORD } from './order-helpers.ts';

/**
 * A phone payment (휴대폰 소액결제) refunded the month after it was made (issue 30): the carrier has billed
 * it, so the provider cannot cancel it and the money goes back by bank transfer from the product's
 * account. In a runtime of its own, since the test clock moves a month: the customer buys a pass by
 * phone from the pricing page, the clock passes into the next month (Korea's), the customer asks for the
 * refund from the billing page and types the account; the operator, signed in with the second factor,
 * finds the transfer on the attention page, reveals the number, makes the transfer and marks it paid
 * with the bank's reference. The case is gone, the ledger shows the refund on the day it was paid (not
 * before), and the account's activity says who paid it.
 */
let runtime: Awaited<ReturnType<typeof startIsolatedRuntime>>;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(90_000);
  runtime = await startIsolatedRuntime({ web: 'dist' });
});
test.afterAll(() => runtime?.stop());

const lang: Lang = 'ko';
const say = (key: string, values?: Record<string, string>) => text(lang, 'refund', key, values);
const ACCOUNT = { bank: 'kb', typed: '123-4567-8901', digits: '12345678901', masked: '***-***-901' };
const REFERENCE = 'KB-TRANSFER-0001';

/** 10:00 in Korea on the first day of the month after `ms`'s Korean month. */
function nextKstMonth(ms: number): number {
  const [year, month] = formatKst(ms, 'yyyy-MM').split('-').map(Number) as [number, number];
  return Date.UTC(year, month, 1, 1, 0, 0);
}

async function noSidewaysScroll(page: Page) {
  await expect
    .poll(() =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
    )
    .toBeLessThanOrEqual(0);
}

test('a phone payment refunded the month after goes by bank transfer, and the operator marks it paid from the attention page', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(420_000);
  const api = await playwright.request.newContext({ baseURL: runtime.url });
  const buyer = await (await browser.newContext({ baseURL: runtime.url })).newPage();
  const email = await newAccount(api, lang);
  await startOnPricing(buyer, { lang, email, planType: 'LIGHT', tab: 'fixedterm' });
  await expect(buyer).toHaveURL(/\/ko\/payment\/order\/fixedterm\?guid=/, { timeout: 15_000 });
  await fillOrderForm(buyer, lang, { method: 'phone', phone: '010-4100-3030' });
  await buyer.getByRole('button', { name: text(lang, 'order', 'pay', { price: '₩118,800' }) }).click();
  await payOnCheckout(buyer);
  await expect(buyer).toHaveURL(/\/ko\/payment\/result\/success\?guid=/, { timeout: 15_000 });
  const [payment] = await providerPayments(api, email);
  expect(payment).toMatchObject({ status: 'paid', amount: 118_800, pay_method: 'phone' });
  const merchantUid = payment?.merchant_uid as string;

  // The carrier bills it: the next month in Korea.
  const clock = (await (await api.get('/_local/clock')).json()) as { now: string };
  const nextMonth = nextKstMonth(Date.parse(clock.now));
  expect((await api.post('/_local/clock', { data: { to: new Date(nextMonth).toISOString() } })).ok()).toBe(
    true,
  );
  const day = formatKst(nextMonth, KST_DATE);

  // The customer, signed in again on the billing page, asks for the refund.
  const customer = await (await browser.newContext({ baseURL: runtime.url })).newPage();
  await signInToBilling(customer, lang, email, PASSWORD);
  await customer.getByRole('button', { name: text(lang, 'billing', 'actions.refund') }).click();
  await expect(customer).toHaveURL(/\/ko\/payment\/user-refund\?guid=/, { timeout: 15_000 });
  await expect(customer.getByTestId('refund-way')).toHaveText(say('way.transfer'));
  await expect(customer.getByTestId('refund-way-closed')).toHaveText(say('way.closed.phone_past_month'));
  const shown = ((await customer.getByTestId('refund-amount').textContent()) as string).trim();
  const amount = Number(shown.replace(/[^\d]/g, ''));
  expect(amount).toBeGreaterThan(0);
  await customer
    .getByLabel(say('account.bank'), { exact: true })
    .selectOption({ label: text(lang, 'refund-banks', ACCOUNT.bank) });
  await customer.getByLabel(say('account.number'), { exact: true }).fill(ACCOUNT.typed);
  await customer.getByLabel(say('account.holder'), { exact: true }).fill('홍길동');
  await customer.getByLabel(say('reason.label')).fill('다음 달에 환불을 요청합니다.');
  for (const box of await customer.locator('#refund-agreements input[type=checkbox]').all())
    await box.check();
  expect(await seriousViolations(customer)).toEqual([]);
  await customer.setViewportSize({ width: 360, height: 740 });
  await noSidewaysScroll(customer);
  await customer.getByRole('button', { name: say('submit') }).click();
  await expect(customer).toHaveURL(/\/ko\/payment\/user-refund\/success\?kind=refunded/, { timeout: 15_000 });
  await expect(customer.getByTestId('refund-result-destination')).toHaveText(
    say('success.to.transfer', { bank: text(lang, 'refund-banks', ACCOUNT.bank), account: ACCOUNT.masked }),
  );
  await noSidewaysScroll(customer);
  // No money moved at the provider: the phone payment stands, the transfer is owed.
  const [phonePayment] = await providerPayments(api, email);
  expect(phonePayment).toMatchObject({ status: 'paid', cancel_amount: 0 });
  await customer.goto(`/${lang}${BILLING_PAGE}`);
  await expect(customer.getByText(text(lang, 'billing', 'plan.none'))).toBeVisible();

  // The operator: the console's sign-in with the second factor, then the attention page.
  const operator = await (await browser.newContext()).newPage();
  await signInToConsole(operator, runtime.url);
  const ledgerOfDay = async () => {
    await operator.goto(`${runtime.url}/admin/finance?period=${day}`);
    // The ledger's card, which holds its list (named the same).
    const ledger = operator.getByRole('region', { name: `Payments and refunds ${day}` }).first();
    await expect(ledger).toBeVisible();
    return ledger.getByRole('row', { name: new RegExp(merchantUid) }).filter({ hasText: 'Refund' });
  };
  // Owed, not paid: the ledger has no refund yet.
  await expect(await ledgerOfDay()).toHaveCount(0);

  await operator
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Needs attention' })
    .click();
  const row = operator.getByRole('row', { name: new RegExp(merchantUid) });
  await expect(row).toContainText('Refund owed from the Cutloom account');
  await expect(row).toContainText(`KB Kookmin Bank · 홍길동 · ${ACCOUNT.masked}`);
  await expect(row).toContainText(formatPrice(amount, 'KRW'));
  await expect(row).not.toContainText(ACCOUNT.digits);
  await screens(operator, 'console-attention');
  await row.getByRole('button', { name: `Pay transfer ${merchantUid}` }).click();
  const dialog = operator.getByRole('dialog', { name: 'Pay the refund by bank transfer' });
  await expect(dialog.getByTestId('transfer-account')).toHaveText(ACCOUNT.masked);
  await expect(dialog).toContainText('The customer (refund page)');
  await screens(operator, 'console-attention-transfer');
  await dialog.getByRole('button', { name: 'Show the whole number' }).click();
  await expect(dialog.getByTestId('transfer-account')).toHaveText(ACCOUNT.digits);
  expect(await seriousViolations(operator)).toEqual([]);
  // The reference is asked for at its field before anything is sent.
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog.getByText("Enter the bank's reference of the transfer.")).toBeVisible();
  await dialog.getByLabel('Transfer reference').fill(REFERENCE);
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(
    operator.getByText('Marked paid: the refund is in the ledger and the case is closed.'),
  ).toBeVisible();
  await expect(row).toHaveCount(0);

  // The ledger has the refund on the day it was paid, from the product's account.
  const refunded = await ledgerOfDay();
  await expect(refunded).toHaveCount(1);
  await expect(refunded).toContainText(formatPrice(amount, 'KRW'));
  await expect(refunded).toContainText(day);

  // The account's activity says who paid it, with the reference.
  const signIn = await api.post('/auth/v2/sign-in', {
    data: { email, password: PASSWORD, clientType: 'landing', language: 'ko' },
  });
  const { user } = (await signIn.json()) as { user: { uid: string } };
  await operator.goto(`${runtime.url}/admin/users/${user.uid}/show`);
  const paid = operator
    .getByRole('region', { name: 'User activities' })
    .getByRole('row', { name: /Refund bank transfer marked paid/ });
  await expect(paid).toContainText(REFERENCE);
  await expect(paid).toContainText(SEEDED_ACCOUNTS.operator.email);
  await api.dispose();
});
