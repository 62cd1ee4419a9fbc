import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import type { SiteLanguage } from '../shared/languages.ts';
import { operatorToken } from './console-helpers.ts';
import { post } from './subscriber-helpers.ts';

/**
 * What the console specs set up through the routes, as the product's own clients call them: an account
 * an operator made, a pass bought on the sandbox checkout, the customer's own refund of it.
 */

/** An account made by the operator, signed in on the site: its uid and ID token. */
export async function customer(
  request: APIRequestContext,
  name: string,
  email: string,
  /** Another runtime than the suite's, which `request` calls (the operator's session is per runtime). */
  base = '',
) {
  const operator = await operatorToken(request, base);
  const { result } = await post<{ result: { uid: string } }>(
    request,
    '/auth/admin-user-create',
    { info: { name, email, password: 'readable-pass1', language: 'ko' } },
    operator,
  );
  const { session } = await post<{ session: { idToken: string } }>(request, '/auth/v2/sign-in', {
    email,
    password: 'readable-pass1',
    clientType: 'landing',
    language: 'ko',
  });
  return { uid: result.uid, token: session.idToken };
}

/** A pass bought in won on the sandbox checkout by `payMethod` on its channel: what it took. */
export async function buyPass(
  page: Page,
  request: APIRequestContext,
  buyer: { token: string; name: string; email: string },
  planName: string,
  channel: { payMethod: 'card' | 'phone'; pg: string },
  /** The site's language the pass is bought in: its currency is the session's (won in Korean). */
  language: SiteLanguage = 'ko',
): Promise<{ merchantUid: string; checkoutMerchantUid: string; amount: number; currency: string }> {
  const { sessionInfo } = await post<{
    sessionInfo: { guid: string; currency: string; price: { finalPrice: number } };
  }>(request, '/payment/create-init-payment', { clientType: 'landing', language, planName }, buyer.token);
  const { currency } = sessionInfo;
  const order = await post<{ merchantUid: string; checkoutMerchantUid: string; amount: number }>(
    request,
    '/payment/insert-payment-progress',
    {
      guid: sessionInfo.guid,
      price: sessionInfo.price.finalPrice,
      planName,
      ...channel,
      currency,
      isTest: false,
      userName: buyer.name,
      userEmail: buyer.email,
      userPhone: `+8210${String(Date.now()).slice(-8)}`,
    },
  );
  const checkout = new URLSearchParams({
    pg: channel.pg,
    pay_method: channel.payMethod,
    merchant_uid: order.checkoutMerchantUid,
    name: planName,
    amount: String(order.amount),
    currency,
    m_redirect_url: new URL('/ko/refund-policy', test.info().project.use.baseURL).href,
  });
  await page.goto(`/_local/payments/checkout?${checkout}`);
  await page.getByRole('button', { name: 'Pay', exact: true }).click();
  await expect(page).toHaveURL(/\/ko\/refund-policy\?/);
  const confirmed = await post<{ result: string }>(request, '/payment/get-payment-result', {
    guid: sessionInfo.guid,
    merchantUid: order.merchantUid,
  });
  expect(confirmed.result).toBe('success');
  return {
    merchantUid: order.merchantUid,
    checkoutMerchantUid: order.checkoutMerchantUid,
    amount: order.amount,
    currency,
  };
}

/** The customer's own refund of a pass (its estimate, through the payment's own way back). */
export async function refundOwnPass(request: APIRequestContext, token: string): Promise<number> {
  const { guid } = await post<{ guid: string }>(
    request,
    '/payment/create-user-refund',
    { clientType: 'desktop', language: 'ko' },
    token,
  );
  const { result } = await post<{ result: { estimatedRefundPrice: number } }>(
    request,
    '/payment/user-refund-info',
    { guid },
  );
  await post(request, '/payment/cancel-payment-user', {
    guid,
    price: result.estimatedRefundPrice,
    reason: '필요하지 않게 되었습니다',
    refundSource: 'portone',
    agreed: true,
  });
  return result.estimatedRefundPrice;
}
