import { expect, test } from '@playwright/test';
import { post, subscriber } from './subscriber-helpers.ts';

/**
 * A customer's refund in a real browser against the whole local product: an account made by an
 * operator buys a monthly subscription (sandbox card), opens a refund session as the app would, and
 * asks for the refund on /en/payment/user-refund: the page says the money goes back to the card, refuses
 * without both agreements (at the field and in the summary), then refunds the estimate in full (within 7
 * days, nothing used) and shows the success page with the amount. A subscriber who
 * used a whole monthly allowance has nothing to refund: the same page cancels the subscription instead.
 */
test('a subscriber asks for a refund and gets the whole price back', async ({ page, request }) => {
  test.setTimeout(90_000);
  const { token, order } = await subscriber(page, request, '+14155550180');
  const { guid } = await post<{ guid: string }>(request, '/payment/create-user-refund', {}, token);
  await page.goto(`/en/payment/user-refund?guid=${guid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a refund');
  await expect(page.getByTestId('refund-amount')).toHaveText('US$17.99');
  await expect(page.getByText('Full refund')).toBeVisible();
  // The plan by its name, not its code; the days used as the estimate counts them (KST, the payment
  // day being day 1), so a payment of minutes ago has used one day, whatever the hour.
  await expect(page.getByTestId('refund-plan')).toHaveText('Standard · Monthly subscription');
  const { paidAt } = (
    await post<{ result: { paidAt: number } }>(request, '/payment/user-refund-info', { guid })
  ).result;
  const kstDay = (ms: number) =>
    Date.parse(new Date(ms).toLocaleDateString('en-CA', { timeZone: 'Asia/Seoul' }));
  const daysUsed = (kstDay(Date.now()) - kstDay(paidAt)) / 86_400_000 + 1;
  await expect(page.getByTestId('refund-used')).toHaveText(String(daysUsed));
  // The reason box is a real text box: bordered, as wide as its section.
  const reason = page.getByLabel('Why are you asking for a refund?');
  const box = await reason.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      border: style.borderTopStyle !== 'none' && Number.parseFloat(style.borderTopWidth) >= 1,
      fills: element.getBoundingClientRect().width >= (element.closest('section')?.clientWidth ?? 0) - 48,
    };
  });
  expect(box).toEqual({ border: true, fills: true });

  // A card payment goes back to the card: no account is asked for.
  await expect(page.getByTestId('refund-way')).toHaveText(
    'Back to the card you paid with. Your card company shows it within a few business days.',
  );
  await expect(page.getByLabel('Account number')).toHaveCount(0);
  await page.getByLabel('Why are you asking for a refund?').fill('It is not what I need.');
  await page.getByRole('button', { name: 'Request refund' }).click();
  await expect(page.getByRole('alert').getByRole('link')).toHaveText([
    'Please accept both agreements to request a refund.',
  ]);
  await expect(page.locator('#refund-agreements .field-error')).toHaveText(
    'Please accept both agreements to request a refund.',
  );
  for (const box of await page.locator('#refund-agreements input[type=checkbox]').all()) await box.check();
  await page.getByRole('button', { name: 'Request refund' }).click();

  await expect(page).toHaveURL(/\/en\/payment\/user-refund\/success\?kind=refunded/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your refund is on its way');
  await expect(page.getByTestId('refund-result-amount')).toHaveText('Refunded: US$17.99');
  const state = (await (await request.get('/_local/payments.json')).json()) as {
    payments: Array<{ customer_uid?: string; amount: number; cancel_amount: number }>;
  };
  const charge = state.payments.find(
    (payment) => payment.customer_uid === order.customerUid && payment.amount > 0,
  );
  expect(charge?.cancel_amount).toBe(17.99);

  // The session's plan is refunded: the same page now answers with the failure page, which says why in
  // the refund's words (issue 32 point 7), not as a payment error.
  await page.goto(`/en/payment/user-refund?guid=${guid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't process your refund");
  await expect(page.getByRole('alert')).toHaveText(
    'There is no plan left to refund on this account: it may already have been refunded or have ended.',
  );
  await expect(page.getByText('Error code to quote to support: L25')).toBeVisible();
});

test('a subscriber with nothing left to refund cancels the subscription instead', async ({
  page,
  request,
}) => {
  const { token } = await subscriber(page, request, '+14155550181');
  // The whole month's image allowance of Standard used: the used value is the whole price.
  const used = await post<{ result: { success: boolean } }>(
    request,
    '/auth/record-usage',
    { entryId: `refund-e2e-${Date.now()}`, usageType: 'GENIMAGE', count: 3000 },
    token,
  );
  expect(used.result.success).toBe(true);

  const { guid } = await post<{ guid: string }>(request, '/payment/create-user-refund', {}, token);
  await page.goto(`/en/payment/user-refund?guid=${guid}`);
  await expect(page.getByTestId('refund-amount')).toHaveText('US$0.00');
  await expect(page.getByText('There is nothing left to refund')).toBeVisible();
  await expect(page.locator('#refund-agreements')).toHaveCount(0);
  await page.getByLabel('Why are you asking for a refund?').fill('I used what I needed.');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();

  await expect(page).toHaveURL(/\/en\/payment\/user-refund\/success\?kind=unsubscribed/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your subscription is cancelled');
  // The cancellation is kept: cancelling again is refused (the plan no longer renews) with the failure page.
  await page.goto(`/en/payment/user-refund?guid=${guid}`);
  await page.getByLabel('Why are you asking for a refund?').fill('Once more.');
  await page.getByRole('button', { name: 'Cancel subscription' }).click();
  // L30: unsubscribe not allowed (the subscription is already cancelled).
  await expect(page).toHaveURL(/\/en\/payment\/user-refund\/fail\?code=L30/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't process your refund");
  await expect(page.getByRole('alert')).toHaveText(
    'Your subscription is already cancelled, so there is nothing more to cancel.',
  );
});
