import type { CheckoutSettings } from '../../../../shared/api/payment-provider.ts';
import {
  type CheckoutReturn,
  CheckoutReturnSchema,
  type RequestPayParams,
  type WalletReturn,
  WalletReturnSchema,
} from '../../../../shared/payments/checkout-contract.ts';

/**
 * The one browser-side entry to the payment provider's checkout. The order page calls `requestPay`
 * with IMP.request_pay's parameters; in production the provider's SDK opens its window, on one machine
 * the browser goes to the sandbox checkout with the same parameters. Either way the customer lands on
 * `m_redirect_url` with the provider's return query, which `readPaymentReturn` reads on the result page.
 */

/** The part of the provider's SDK (window.IMP) the site uses. */
export interface ProviderSdk {
  init(merchantCode: string): void;
  request_pay(params: RequestPayParams, callback: (response: SdkResponse) => void): void;
}

/** What the SDK hands its callback (on desktop; on mobile it redirects to m_redirect_url itself). */
export interface SdkResponse {
  success?: boolean;
  imp_success?: boolean;
  imp_uid?: string | null;
  merchant_uid: string;
  error_code?: string;
  error_msg?: string;
}

/** What the module needs from the browser, so that tests can stand in for it. */
export interface BrowserSide {
  loadScript(url: string): Promise<void>;
  sdk(): ProviderSdk | undefined;
  navigate(url: string): void;
}

declare global {
  interface Window {
    IMP?: ProviderSdk;
  }
}

const loadedScripts = new Map<string, Promise<void>>();

export const browser: BrowserSide = {
  loadScript(url) {
    let loading = loadedScripts.get(url);
    if (!loading) {
      loading = new Promise<void>((resolve, reject) => {
        const script = document.createElement('script');
        script.src = url;
        script.async = true;
        script.onload = () => resolve();
        script.onerror = () => {
          loadedScripts.delete(url);
          reject(new Error(`Could not load ${url}`));
        };
        document.head.append(script);
      });
      loadedScripts.set(url, loading);
    }
    return loading;
  },
  sdk: () => window.IMP,
  navigate: (url) => window.location.assign(url),
};

function withQuery(base: string, query: Record<string, string | undefined>): string {
  const url = new URL(base);
  for (const [name, value] of Object.entries(query))
    if (value !== undefined) url.searchParams.set(name, value);
  return url.toString();
}

/** The sandbox checkout's address for a request: IMP.request_pay's parameters as its query. */
function sandboxCheckoutUrl(checkoutUrl: string, params: RequestPayParams): string {
  return withQuery(
    checkoutUrl,
    Object.fromEntries(
      Object.entries(params).map(([name, value]) => [name, value === undefined ? undefined : String(value)]),
    ),
  );
}

/**
 * The return address for an SDK callback: m_redirect_url with the query the provider's redirect carries,
 * and only what the SDK gave (its success flag is absent for some channels: nothing is made up).
 */
export function returnUrlFromSdk(redirectUrl: string, response: SdkResponse): string {
  const success = response.imp_success ?? response.success;
  return withQuery(redirectUrl, {
    imp_uid: response.imp_uid ?? undefined,
    merchant_uid: response.merchant_uid,
    imp_success: success === undefined ? undefined : String(success),
    error_code: response.error_code,
    error_msg: response.error_msg,
  });
}

/** Opens the checkout for a payment (or a billing-key issue, with customer_uid). */
export async function requestPay(
  settings: CheckoutSettings,
  params: RequestPayParams,
  side: BrowserSide = browser,
): Promise<void> {
  if (settings.checkout === 'sandbox') {
    side.navigate(sandboxCheckoutUrl(settings.checkoutUrl, params));
    return;
  }
  await side.loadScript(settings.sdkUrl);
  const sdk = side.sdk();
  if (!sdk) throw new Error('The payment provider SDK did not load');
  sdk.init(settings.merchantCode);
  sdk.request_pay(params, (response) => side.navigate(returnUrlFromSdk(params.m_redirect_url, response)));
}

/** The wallet's registration page for a reservation (after /set-up-recurrent-naver-pay-enroll). */
export function walletPageUrl(settings: CheckoutSettings, reserveId: string): string {
  return settings.walletPageUrl.replace('{reserveId}', encodeURIComponent(reserveId));
}

/** What a result page's query says came back: from the provider's checkout, from the wallet, or neither. */
export type PaymentReturn =
  | { from: 'provider'; value: CheckoutReturn }
  | { from: 'wallet'; value: WalletReturn }
  | { from: 'none' };

export function readPaymentReturn(search: URLSearchParams): PaymentReturn {
  const query = Object.fromEntries(search);
  if ('resultCode' in query) {
    const wallet = WalletReturnSchema.safeParse(query);
    if (wallet.success) return { from: 'wallet', value: wallet.data };
  }
  // A provider's return names the order; its success flag may be missing.
  if ('merchant_uid' in query || 'imp_uid' in query) {
    const provider = CheckoutReturnSchema.safeParse(query);
    if (provider.success) return { from: 'provider', value: provider.data };
  }
  return { from: 'none' };
}
