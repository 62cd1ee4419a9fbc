import { type APIRequestContext, expect, test } from '@playwright/test';
import { buyMonthly, idTokenOf, newAccount } from './order-helpers.ts';

/**
 * Changing the card of a subscription in a real browser: the app opens a change-card session
 * (create-init-payment with isChangeCard) and this page with its guid; the button disables on the first
 * click and opens the sandbox's billing-key checkout; the return ends on the success page, or on the
 * fail page with 'Error Code' and the checkout's code and message.
 */
async function changeCardSession(request: APIRequestContext, email: string): Promise<string> {
  const created = await request.post('/payment/create-init-payment', {
    headers: { authorization: `Bearer ${await idTokenOf(request, email)}` },
    data: { clientType: 'desktop', language: 'en', isChangeCard: true },
  });
  expect(created.ok()).toBe(true);
  return (await created.json()).guid;
}

test('a subscription’s card changed on the sandbox checkout, and a declined card that changes nothing', async ({
  page,
  request,
}) => {
  // Bought in won: a card is changed on the channel that issues a key alone (a dollar subscription's
  // channel issues one only with a payment, so it has no card to change).
  const email = await newAccount(request, 'ko');
  await buyMonthly(page, email, { name: 'MR_LIGHT_V3', price: '₩9,900', phone: '010-4155-0171' }, 'ko');
  const guid = await changeCardSession(request, email);

  await page.goto(`/en/payment/change-card?guid=${guid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Change your payment card');
  const button = page.getByRole('button', { name: 'Change card' });
  await button.click();
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await expect(page.getByRole('row', { name: /Billing key/ })).toBeVisible();
  await page.getByLabel(/4000 0000 0000 0001/).check();
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/payment\/change-card\/fail\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your card could not be changed');
  await expect(page.getByRole('alert')).toHaveText(
    '[L09] Your card company declined this card. Use another card, or ask your card company why.',
  );
  // The code once, with the card company's words.
  await expect(page.getByTestId('payment-failure-detail')).toHaveText('Error Code CC01 잔액부족');

  await page.getByRole('link', { name: 'Try again' }).click();
  await expect(page).toHaveURL(new RegExp(`/en/payment/change-card\\?guid=${guid}$`));
  const again = page.getByRole('button', { name: 'Change card' });
  await again.click();
  await expect(page).toHaveURL(/\/_local\/payments\/checkout\?/);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/payment\/change-card\/success\?guid=/, { timeout: 15_000 });
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your card has been changed');
});

test('the change-card button disables after the first click', async ({ page }) => {
  // A guid the server does not know: the click still locks the button before anything answers.
  await page.route('**/payment/insert-change-card-progress', () => undefined);
  await page.goto(`/en/payment/change-card?guid=${'c'.repeat(32)}`);
  const button = page.getByRole('button', { name: 'Change card' });
  await button.click();
  await expect(button).toBeDisabled();
});
