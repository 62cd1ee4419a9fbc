import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { CheckoutSettingsSchema } from '../../../shared/api/payment-provider.ts';
import { PROVIDER_SDK_URL } from '../../../shared/payments/provider-browser.ts';
import { checkoutSettings } from './checkout-settings.ts';

// A run of every project can inherit the local runtime's settings: each case starts from none.
const NAMES = ['PAYMENT_CHECKOUT_URL', 'PORTONE_MERCHANT_CODE', 'NAVER_PAY_PAGE_URL'];
const inherited = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));
beforeEach(() => {
  for (const name of NAMES) delete process.env[name];
});
afterAll(() => {
  for (const name of NAMES) if (inherited[name] !== undefined) process.env[name] = inherited[name];
});

describe('the checkout settings', () => {
  it('choose the provider SDK with the merchant code when no sandbox is configured (AWS)', () => {
    process.env.PORTONE_MERCHANT_CODE = 'imp12345678';
    process.env.NAVER_PAY_PAGE_URL = 'https://m.pay.naver.com/payments/recurrent/{reserveId}';
    const settings = checkoutSettings();
    expect(settings).toEqual({
      checkout: 'sdk',
      sdkUrl: PROVIDER_SDK_URL,
      merchantCode: 'imp12345678',
      walletPageUrl: 'https://m.pay.naver.com/payments/recurrent/{reserveId}',
    });
    expect(CheckoutSettingsSchema.safeParse(settings).success).toBe(true);
  });

  it('choose the sandbox checkout when the sandbox configured one (one machine)', () => {
    process.env.PAYMENT_CHECKOUT_URL = 'http://localhost:3000/_local/payments/checkout';
    process.env.NAVER_PAY_PAGE_URL = 'http://localhost:3000/_local/payments/naver-pay?reserveId={reserveId}';
    expect(checkoutSettings()).toMatchObject({
      checkout: 'sandbox',
      checkoutUrl: process.env.PAYMENT_CHECKOUT_URL,
    });
  });

  it('fail loudly rather than send the browser nowhere', () => {
    process.env.NAVER_PAY_PAGE_URL = 'https://m.pay.naver.com/payments/recurrent/{reserveId}';
    expect(() => checkoutSettings()).toThrow('PORTONE_MERCHANT_CODE is not set');
  });
});
