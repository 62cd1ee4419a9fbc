import { expect, type Page, test } from '@playwright/test';
import { formatPrice } from '../shared/currency.ts';
import { providerChannel } from '../shared/payments/pay-methods.ts';
import { formatKst, KST_DATE } from '../shared/time/kst.ts';
import { startIsolatedRuntime } from '../test/integration/isolated-runtime.ts';
import { buyPass, customer } from './console-data.ts';
import { seriousViolations, signInToConsole, uniqueEmail } from './console-helpers.ts';

/**
 * The console's refund screen as admin-console.md gives it (issue 41): the source toggle between the
 * payment provider and the product account in every currency, the decision's way preselected and
 * marked recommended, another way explained before the operator confirms and audited with its reason,
 * and the provider's way disabled with its reason where it cannot take the refund. In a runtime of its
 * own, since its clock moves a month:
 *
 * - a US$ card pass (Eximbay) refunded by hand outside the provider at the operator's choice: nothing
 *   moves at the provider, the plan ends, the refund is owed on the attention page, where the operator
 *   marks it paid by PayPal with its reference; the ledger then has the refund, named so, on that day,
 *   and the audit trail names the way, the recommended way and the reason;
 * - a won phone payment the month after: the provider's way disabled (the carrier has billed it), the
 *   bank transfer recommended.
 */
let runtime: Awaited<ReturnType<typeof startIsolatedRuntime>>;

test.describe.configure({ mode: 'serial' });
test.beforeAll(async () => {
  test.setTimeout(150_000);
  // A runtime starts in seconds on a quiet machine; a loaded one (CI's two cores) may take minutes.
  runtime = await startIsolatedRuntime({ web: 'dist', startSeconds: 120 });
});
test.afterAll(() => runtime?.stop());

const REFERENCE = 'PAYPAL-5TY05013RG002845M';
const REASON = 'The customer’s card was closed; refunded to their PayPal';

/** From the user list to the account's refund screen, as an operator goes. */
async function openRefundScreen(operator: Page, email: string) {
  await operator.goto(`${runtime.url}/admin/users?email=${encodeURIComponent(email)}`);
  await operator.getByRole('row').filter({ hasText: email }).first().click();
  await operator.getByRole('link', { name: 'Refund', exact: true }).click();
  await expect(operator.getByRole('heading', { name: 'Refund estimate' })).toBeVisible({ timeout: 15_000 });
}

test('an operator refunds a US$ card pass by hand, records it paid, and a phone payment after its month cannot go through the provider', async ({
  browser,
  playwright,
}) => {
  test.setTimeout(300_000);
  const api = await playwright.request.newContext({ baseURL: runtime.url });
  const buyerPage = await (await browser.newContext({ baseURL: runtime.url })).newPage();
  const operator = await (await browser.newContext()).newPage();
  // The operator's session of this runtime, for the accounts made through the routes below.
  await signInToConsole(operator, runtime.url);

  const abroad = { name: 'Olivia Hart', email: uniqueEmail('refund-by-hand') };
  const card = await buyPass(
    buyerPage,
    api,
    { ...(await customer(api, abroad.name, abroad.email, runtime.url)), ...abroad },
    'Y3_LIGHT',
    { payMethod: 'card', pg: providerChannel('card', 'USD').pg },
    'en',
  );
  expect(card.currency).toBe('USD');
  const phoneBuyer = { name: '정다은', email: uniqueEmail('refund-phone') };
  await buyPass(
    buyerPage,
    api,
    { ...(await customer(api, phoneBuyer.name, phoneBuyer.email, runtime.url)), ...phoneBuyer },
    'Y1_LIGHT_V3',
    { payMethod: 'phone', pg: 'danal' },
  );
  const clock = (await (await api.get('/_local/clock')).json()) as { now: string };
  const day = formatKst(Date.parse(clock.now), KST_DATE);

  // The US$ pass: names, not codes; the provider's way recommended and preselected, by hand beside it.
  await openRefundScreen(operator, abroad.email);
  const estimate = operator.locator('dl.console-details');
  await expect(estimate).toContainText('Light · 3-year pass');
  await expect(estimate).toContainText('Eximbay');
  await expect(estimate).toContainText('Credit or debit card');
  const ways = operator.getByRole('group', { name: 'How the money goes back' });
  const provider = ways.getByRole('radio', { name: /^Back to the payment method \(Credit or debit card\)/ });
  const byHand = ways.getByRole('radio', { name: /^Returned by hand from the Cutloom account/ });
  await expect(provider).toBeChecked();
  await expect(provider).toBeEnabled();
  await expect(provider).toHaveAccessibleName(
    'Back to the payment method (Credit or debit card) Recommended',
  );
  await expect(byHand).toHaveAccessibleName(
    'Returned by hand from the Cutloom account, outside the provider',
  );
  await expect(byHand).not.toBeChecked();
  await expect(operator.getByTestId('refund-way-not-recommended')).toHaveCount(0);
  // Choosing another says what it means for the customer, and that its reason is audited.
  await byHand.check();
  await expect(operator.getByTestId('refund-way-meaning')).toContainText(
    'returns the money outside the provider',
  );
  await expect(operator.getByTestId('refund-way-not-recommended')).toContainText(
    'This is not the recommended way (Back to the payment method (Credit or debit card))',
  );
  expect(await seriousViolations(operator)).toEqual([]);
  await operator.getByLabel('Reason').fill(REASON);
  await operator.getByRole('button', { name: 'Refund', exact: true }).click();
  const confirm = operator.getByRole('alertdialog');
  await expect(confirm).toContainText(formatPrice(card.amount, 'USD'));
  await expect(confirm).toContainText('Returned by hand from the Cutloom account, outside the provider');
  await expect(confirm).toContainText('This is not the recommended way');
  await confirm.getByRole('button', { name: 'Refund' }).click();
  await expect(operator.getByRole('heading', { name: 'Refund owed by hand' })).toBeVisible();
  const owedText = (await operator.getByRole('status').first().textContent()) ?? '';
  const owed = Number(owedText.match(/US\$([\d,.]+)/)?.[1]?.replace(/,/g, ''));
  expect(owed).toBeGreaterThan(0);
  expect(owed).toBeLessThanOrEqual(card.amount);

  // Nothing moved at the provider; the plan has ended.
  const { payments } = (await (await api.get('/_local/payments.json')).json()) as {
    payments: { merchant_uid: string }[];
  };
  expect(payments.find((payment) => payment.merchant_uid === card.checkoutMerchantUid)).toMatchObject({
    status: 'paid',
    cancel_amount: 0,
    currency: 'USD',
  });
  await operator.goto(`${runtime.url}/admin/users?email=${encodeURIComponent(abroad.email)}`);
  await operator.getByRole('row').filter({ hasText: abroad.email }).first().click();
  const plans = operator.getByRole('region', { name: 'Plans' });
  await expect(plans.getByRole('row').filter({ hasText: 'Light · 3-year pass' })).toContainText(
    'Ends at expiry',
  );
  await expect(operator.getByRole('link', { name: 'Refund', exact: true })).toHaveCount(0);

  // Owed, not paid: the ledger has no refund yet.
  const ledgerRefund = async () => {
    await operator.goto(`${runtime.url}/admin/finance?period=${day}`);
    const ledger = operator.getByRole('region', { name: `Payments and refunds ${day}` }).first();
    await expect(ledger).toBeVisible();
    // Its refund row (the payment's own row says it was refunded too).
    return ledger
      .getByRole('row', { name: new RegExp(card.merchantUid) })
      .filter({ has: operator.getByRole('cell', { name: 'Refund', exact: true }) });
  };
  await expect(await ledgerRefund()).toHaveCount(0);

  // The attention page: owed by hand; marked paid by PayPal with its reference.
  await operator.goto(`${runtime.url}/admin/attention`);
  const row = operator.getByRole('row', { name: new RegExp(card.merchantUid) });
  await expect(row).toContainText('Refund owed from the Cutloom account');
  await expect(row).toContainText('By hand, outside the provider');
  await expect(row).toContainText(formatPrice(owed, 'USD'));
  await row.getByRole('button', { name: `Record payment ${card.merchantUid}` }).click();
  const dialog = operator.getByRole('dialog', { name: 'Pay the refund outside the provider' });
  await expect(dialog).toContainText(REASON);
  // How and the reference are asked for at their fields before anything is sent.
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(dialog.getByText('Choose how the refund was paid.')).toBeVisible();
  await expect(dialog.getByText("Enter the payment's reference.")).toBeVisible();
  await dialog.getByLabel('How it was paid').selectOption({ label: 'PayPal' });
  await dialog.getByLabel('Reference').fill(REFERENCE);
  expect(await seriousViolations(operator)).toEqual([]);
  await dialog.getByRole('button', { name: 'Mark paid' }).click();
  await expect(
    operator.getByText('Marked paid: the refund is in the ledger and the case is closed.'),
  ).toBeVisible();
  await expect(row).toHaveCount(0);

  // The ledger has the refund on the day it was paid, named by how it went.
  const refunded = await ledgerRefund();
  await expect(refunded).toHaveCount(1);
  await expect(refunded).toContainText(formatPrice(owed, 'USD'));
  await expect(refunded).toContainText(
    'Returned by hand from the Cutloom account, outside the provider (PayPal)',
  );

  // The audit trail: the refund names the way, the recommended way and the reason.
  const { user } = (await (
    await api.post('/auth/v2/sign-in', {
      data: { email: abroad.email, password: 'readable-pass1', clientType: 'landing', language: 'en' },
    })
  ).json()) as { user: { uid: string } };
  await operator.goto(`${runtime.url}/admin/audit?target=${user.uid}&kind=adminCancelPayment`);
  const audited = operator.getByRole('row').filter({ hasText: REASON }).first();
  await expect(audited).toContainText('Returned by hand from the Cutloom account, outside the provider');
  await expect(audited).toContainText('Through the payment provider');

  // The phone payment, the month after (Korea's): the carrier has billed it.
  const [year, month] = day.split('-').map(Number) as [number, number];
  const nextMonth = new Date(Date.UTC(year, month, 1, 1, 0, 0)).toISOString();
  expect((await api.post('/_local/clock', { data: { to: nextMonth } })).ok()).toBe(true);
  await openRefundScreen(operator, phoneBuyer.email);
  const phoneWays = operator.getByRole('group', { name: 'How the money goes back' });
  const phoneProvider = phoneWays.getByRole('radio', {
    name: /^Back to the payment method \(Mobile phone billing\)/,
  });
  const transfer = phoneWays.getByRole('radio', { name: /^Bank transfer from the Cutloom account/ });
  await expect(phoneProvider).toBeDisabled();
  await expect(phoneProvider).not.toBeChecked();
  await expect(phoneProvider).toHaveAccessibleDescription(
    'A phone payment is cancelled at the provider only in the month it was made (KST): the carrier has billed this one.',
  );
  await expect(transfer).toBeChecked();
  await expect(transfer).toHaveAccessibleName(
    "Bank transfer from the Cutloom account to the customer's account Recommended",
  );
  await expect(operator.getByLabel('Account number')).toBeVisible();
  await operator.setViewportSize({ width: 360, height: 780 });
  await expect
    .poll(() => operator.evaluate(() => document.documentElement.scrollWidth))
    .toBeLessThanOrEqual(360);
  await api.dispose();
});
