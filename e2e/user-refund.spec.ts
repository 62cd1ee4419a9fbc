import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { providerChannel } from '../shared/payments/pay-methods.ts';

/**
 * A customer's refund in a real browser against the whole local product: an account made by an
 * operator buys a monthly subscription (sandbox card), opens a refund session as the app would, and
 * asks for the refund on /en/payment/user-refund: the page refuses without both agreements, then
 * refunds the estimate in full (within 7 days, nothing used) and shows the success page. A subscriber who
 * used a whole monthly allowance has nothing to refund: the same page cancels the subscription instead.
 */
const PASSWORD = 'refund-pass1';

async function signIn(request: APIRequestContext, email: string, password: string, clientType: string) {
  const answer = await request.post('/auth/v2/sign-in', {
    data: { email, password, clientType, language: 'en' },
  });
  expect(answer.ok()).toBe(true);
  return ((await answer.json()) as { session: { idToken: string } }).session.idToken;
}

async function post<T>(request: APIRequestContext, path: string, data: unknown, token?: string): Promise<T> {
  const answer = await request.post(path, {
    data,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/** An account made by an operator buys a monthly Standard subscription with a sandbox card. */
async function subscriber(
  page: Page,
  request: APIRequestContext,
): Promise<{ token: string; order: { customerUid: string } }> {
  const email = `refund-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const operator = await signIn(request, 'operator@cutloom.local', 'operator-pass1', 'console');
  await post(
    request,
    '/auth/admin-user-create',
    {
      info: { name: 'Mina Park', email, password: PASSWORD, language: 'en' },
    },
    operator,
  );
  const token = await signIn(request, email, PASSWORD, 'landing');

  const { sessionInfo } = await post<{
    sessionInfo: { guid: string; currency: 'USD'; price: { finalPrice: number } };
  }>(
    request,
    '/payment/create-init-payment',
    { clientType: 'landing', language: 'en', planName: 'MR_STANDARD_V3' },
    token,
  );
  const channel = providerChannel('card', sessionInfo.currency);
  const order = await post<{
    merchantUid: string;
    checkoutMerchantUid: string;
    amount: number;
    customerUid: string;
  }>(request, '/payment/insert-payment-progress', {
    guid: sessionInfo.guid,
    price: sessionInfo.price.finalPrice,
    planName: 'MR_STANDARD_V3',
    payMethod: 'card',
    pg: channel.pg,
    currency: sessionInfo.currency,
    isTest: false,
    userName: 'Mina Park',
    userEmail: email,
    userPhone: '+14155550100',
  });
  const checkout = new URLSearchParams({
    pg: channel.pg,
    pay_method: channel.payMethod,
    merchant_uid: order.checkoutMerchantUid,
    name: 'MR_STANDARD_V3',
    amount: String(order.amount),
    currency: sessionInfo.currency,
    customer_uid: order.customerUid,
    buyer_email: email,
    // The checkout only issues the billing key; the first charge is the API's (what the order page does).
    m_redirect_url: `http://localhost:${process.env.E2E_PORT}/en/refund-policy`,
  });
  await page.goto(`/_local/payments/checkout?${checkout}`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/en\/refund-policy\?/);
  const charged = await post<{ result: string }>(request, '/payment/create-billing-key-payment', {
    guid: sessionInfo.guid,
    merchantUid: order.merchantUid,
    customerUid: order.customerUid,
  });
  expect(charged.result).toBe('success');

  return { token, order };
}

test('a subscriber asks for a refund and gets the whole price back', async ({ page, request }) => {
  const { token, order } = await subscriber(page, request);
  const { guid } = await post<{ guid: string }>(request, '/payment/create-user-refund', {}, token);
  await page.goto(`/en/payment/user-refund?guid=${guid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Request a refund');
  await expect(page.getByTestId('refund-amount')).toHaveText('US$17.99');
  await expect(page.getByText('Full refund')).toBeVisible();

  await page.getByLabel('Why are you asking for a refund?').fill('It is not what I need.');
  await page.getByRole('button', { name: 'Request refund' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please accept both agreements to request a refund.');
  for (const box of await page.locator('#refund-agreements input[type=checkbox]').all()) await box.check();
  await page.getByRole('button', { name: 'Request refund' }).click();

  await expect(page).toHaveURL(/\/en\/payment\/user-refund\/success\?kind=refunded/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your refund is on its way');
  const state = (await (await request.get('/_local/payments.json')).json()) as {
    payments: Array<{ customer_uid?: string; amount: number; cancel_amount: number }>;
  };
  const charge = state.payments.find(
    (payment) => payment.customer_uid === order.customerUid && payment.amount > 0,
  );
  expect(charge?.cancel_amount).toBe(17.99);

  // The session's plan is refunded: the same page now answers with the failure page.
  await page.goto(`/en/payment/user-refund?guid=${guid}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText("We couldn't process your refund");
});

test('a subscriber with nothing left to refund cancels the subscription instead', async ({
  page,
  request,
}) => {
  const { token } = await subscriber(page, request);
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
});
