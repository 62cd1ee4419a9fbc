import type { CheckoutSettings } from '../../../shared/api/payment-provider.ts';
import { PROVIDER_SDK_URL } from '../../../shared/payments/provider-browser.ts';
import { environment, requiredEnvironment } from '../settings.ts';

/**
 * The checkout the browser uses, chosen by configuration: PAYMENT_CHECKOUT_URL (set only by the local
 * sandbox) selects the sandbox checkout; otherwise the provider's SDK with PORTONE_MERCHANT_CODE. The
 * wallet page comes from NAVER_PAY_PAGE_URL either way.
 */
export function checkoutSettings(): CheckoutSettings {
  const walletPageUrl = requiredEnvironment('NAVER_PAY_PAGE_URL');
  const sandbox = environment('PAYMENT_CHECKOUT_URL');
  if (sandbox) return { checkout: 'sandbox', checkoutUrl: sandbox, walletPageUrl };
  return {
    checkout: 'sdk',
    sdkUrl: PROVIDER_SDK_URL,
    merchantCode: requiredEnvironment('PORTONE_MERCHANT_CODE'),
    walletPageUrl,
  };
}
