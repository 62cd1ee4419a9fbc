import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { providerChannel } from '../shared/payments/pay-methods.ts';
import { operatorToken } from './console-helpers.ts';

/** A subscriber made through the real routes and the sandbox checkout, for the refund and console tests. */
export const PASSWORD = 'refund-pass1';

async function signInAs(
  request: APIRequestContext,
  email: string,
  password: string,
  clientType: string,
): Promise<{ token: string; uid: string }> {
  const answer = await request.post('/auth/v2/sign-in', {
    data: { email, password, clientType, language: 'en' },
  });
  expect(answer.ok()).toBe(true);
  const body = (await answer.json()) as { session: { idToken: string }; user: { uid: string } };
  return { token: body.session.idToken, uid: body.user.uid };
}

export async function post<T>(
  request: APIRequestContext,
  path: string,
  data: unknown,
  token?: string,
): Promise<T> {
  const answer = await request.post(path, {
    data,
    ...(token ? { headers: { authorization: `Bearer ${token}` } } : {}),
  });
  expect(answer.ok(), `${path}: ${await answer.text()}`).toBe(true);
  return (await answer.json()) as T;
}

/**
 * An account made by an operator buys a monthly Standard subscription with a sandbox card; with
 * `discountPercent`, the operator first gives it a preregistration coupon of that rate (a discount of
 * the first period only). Each test gives its own phone number: a number another account paid with
 * makes the order page ask first.
 */
export async function subscriber(
  page: Page,
  request: APIRequestContext,
  phone: string,
  /** `base`: another runtime than the suite's, which `request` calls (the operator's session is per runtime). */
  options: { discountPercent?: number; base?: string } = {},
): Promise<{ uid: string; email: string; token: string; order: { customerUid: string } }> {
  const email = `refund-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const operator = await operatorToken(request, options.base);
  await post(
    request,
    '/auth/admin-user-create',
    {
      info: { name: 'Mina Park', email, password: PASSWORD, language: 'en' },
    },
    operator,
  );
  const { token, uid } = await signInAs(request, email, PASSWORD, 'landing');
  if (options.discountPercent)
    await post(
      request,
      '/auth/admin-user-preregistration',
      { uid, operation: 'create', desc: 'welcome offer', discountPercent: options.discountPercent },
      operator,
    );

  const { sessionInfo } = await post<{
    sessionInfo: { guid: string; currency: 'USD'; price: { finalPrice: number } };
  }>(
    request,
    '/payment/create-init-payment',
    { clientType: 'landing', language: 'en', planName: 'MR_STANDARD_V3' },
    token,
  );
  const channel = providerChannel('card', sessionInfo.currency, { isSubscription: true });
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
    userPhone: phone,
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
    // A dollar subscription's checkout takes the first payment with the key; the API then confirms it.
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

  return { uid, email, token, order };
}
