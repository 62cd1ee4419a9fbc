import type { CheckoutSettings } from '../../../shared/api/payment-provider.ts';
import { PROVIDER_SDK_URL } from '../../../shared/payments/provider-browser.ts';

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

/**
 * The checkout the browser uses, chosen by configuration: PAYMENT_CHECKOUT_URL (set only by the local
 * sandbox) selects the sandbox checkout; otherwise the provider's SDK with PORTONE_MERCHANT_CODE. The
 * wallet page comes from NAVER_PAY_PAGE_URL either way.
 */
export function checkoutSettings(): CheckoutSettings {
  const walletPageUrl = required('NAVER_PAY_PAGE_URL');
  const sandbox = process.env.PAYMENT_CHECKOUT_URL;
  if (sandbox) return { checkout: 'sandbox', checkoutUrl: sandbox, walletPageUrl };
  return {
    checkout: 'sdk',
    sdkUrl: PROVIDER_SDK_URL,
    merchantCode: required('PORTONE_MERCHANT_CODE'),
    walletPageUrl,
  };
}
