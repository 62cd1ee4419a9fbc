import { expect, test } from '@playwright/test';
import { signInToConsole } from './console-helpers.ts';
import { fillOrderForm, providerPayments, startOnPricing, text } from './journey-helpers.ts';
import { newAccount, PASSWORD } from './order-helpers.ts';

/**
 * Money taken that could not be granted and did not go back by itself reaches an operator: a
 * customer's one-year pass paid at a tampered amount is refused at confirmation (the amount differs
 * from the order), and the card company refuses the automatic cancel (the sandbox's switch). The
 * operator finds it on the console's "Needs attention" page from the dashboard, refunds it through the
 * provider, and it leaves the page; the account's activities record the refund by its label.
 */
test('a refused payment whose refund failed is listed, refunded by an operator, and leaves the page', async ({
  page,
  browser,
  request,
}) => {
  const lang = 'ko';
  const email = await newAccount(request, lang);
  await startOnPricing(page, { lang, email, planType: 'STANDARD', tab: 'fixedterm' });
  await expect(page).toHaveURL(/\/ko\/payment\/order\/fixedterm\?guid=/, { timeout: 15_000 });
  const shown = (await page.getByTestId('order-total').textContent()) ?? '';
  await fillOrderForm(page, lang, { method: 'card', phone: '010-5555-0160' });
  await page.getByRole('button', { name: text(lang, 'order', 'pay', { price: shown }) }).click();
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);

  // Someone pays less than the order at the checkout, and the card company will not cancel it.
  const checkout = new URL(page.url());
  const merchantUid = checkout.searchParams.get('merchant_uid') ?? '';
  checkout.searchParams.set('amount', '1000');
  expect(
    (
      await request.post('/_local/payments/cancels/refuse-next', { data: { merchant_uid: merchantUid } })
    ).ok(),
  ).toBe(true);
  await page.goto(checkout.toString());
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/ko\/payment\/result\/fail/, { timeout: 15_000 });
  await expect
    .poll(async () => (await providerPayments(request, email)).map((paid) => paid.status))
    .toEqual(['paid']);

  const operator = await (await browser.newContext()).newPage();
  await signInToConsole(operator);
  await operator.getByRole('link', { name: 'Needs attention: money an operator must settle' }).click();
  await expect(operator.getByRole('heading', { name: 'Needs attention' })).toBeVisible();
  const row = operator.getByRole('row', { name: new RegExp(merchantUid) });
  await expect(row).toContainText('Refund required');
  await expect(row).toContainText(email);
  await expect(row).toContainText('₩1,000');

  await row.getByRole('button', { name: `Refund ${merchantUid}` }).click();
  const dialog = operator.getByRole('dialog', { name: 'Refund the payment' });
  await dialog.getByLabel('Refund to').selectOption('portone');
  await dialog.getByLabel('Reason').fill('Paid a tampered amount');
  await dialog.getByRole('button', { name: 'Refund' }).click();
  await expect(operator.getByText('Refunded; the case is closed.')).toBeVisible();
  await expect(row).toHaveCount(0);

  // The provider returned what it took, and nothing was granted.
  const [payment, ...more] = await providerPayments(request, email);
  expect(more).toEqual([]);
  expect(payment).toMatchObject({ amount: 1000, status: 'cancelled', cancel_amount: 1000 });

  await operator
    .getByRole('navigation', { name: 'Console navigation' })
    .getByRole('link', { name: 'Needs attention' })
    .click();
  await expect(operator.getByRole('row', { name: new RegExp(merchantUid) })).toHaveCount(0);
  const signedIn = await request.post('/auth/v2/sign-in', {
    data: { email, password: PASSWORD, clientType: 'landing', language: 'en' },
  });
  const { user } = (await signedIn.json()) as { user: { uid: string } };
  await operator.goto(`/admin/users/${user.uid}/show`);
  await expect(operator.getByTestId('valid-plan')).toHaveText('FREE');
  const activities = operator.getByRole('region', { name: 'User activities' });
  await expect(
    activities.getByRole('row', { name: /Refund of a payment that needed attention/ }),
  ).toContainText(`${merchantUid} 1000 KRW (portone): Paid a tampered amount`);
});
