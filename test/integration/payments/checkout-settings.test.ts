import { describe, expect, inject, it } from 'vitest';
import { getCheckoutSettings } from '../../../shared/api/payment-provider.ts';
import { call } from '../helpers.ts';

describe('GET /payment/checkout-settings', () => {
  it('sends the browser to the sandbox checkout and wallet page of this runtime', async () => {
    const { status, body } = await call(getCheckoutSettings, {});
    expect(status).toBe(200);
    const base = inject('apiUrl');
    expect(body).toEqual({
      checkout: 'sandbox',
      checkoutUrl: `${base}/_local/payments/checkout`,
      walletPageUrl: `${base}/_local/payments/naver-pay?reserveId={reserveId}`,
    });
    const page = await fetch(`${base}/_local/payments`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('4242424242424242');
  });
});
