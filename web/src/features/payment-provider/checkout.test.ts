import { describe, expect, it } from 'vitest';
import type { CheckoutSettings } from '../../../../shared/api/payment-provider.ts';
import {
  type RequestPayParams,
  RequestPayParamsSchema,
} from '../../../../shared/payments/checkout-contract.ts';
import {
  type BrowserSide,
  type ProviderSdk,
  readPaymentReturn,
  requestPay,
  returnUrlFromSdk,
  type SdkResponse,
  walletPageUrl,
} from './checkout.ts';

const params: RequestPayParams = {
  pg: 'html5_inicis',
  pay_method: 'card',
  merchant_uid: 'ord_0123456789abcdefghjkmnpqrs',
  name: 'STANDARD monthly',
  amount: 19900,
  currency: 'KRW',
  buyer_email: 'sky@example.com',
  customer_uid: 'cus_0123456789abcdefghjkmnpqrs',
  m_redirect_url: 'https://cutloom.example/ko/payment/result/pending?guid=g1',
};
const sdkSettings: CheckoutSettings = {
  checkout: 'sdk',
  sdkUrl: 'https://cdn.iamport.kr/v1/iamport.js',
  merchantCode: 'imp12345678',
  walletPageUrl: 'https://m.pay.naver.com/payments/recurrent/{reserveId}',
};
const sandboxSettings: CheckoutSettings = {
  checkout: 'sandbox',
  checkoutUrl: 'http://localhost:3000/_local/payments/checkout',
  walletPageUrl: 'http://localhost:3000/_local/payments/naver-pay?reserveId={reserveId}',
};

/** The provider's SDK is a network peer with no local stand-in in a unit test: a recording stand-in. */
function fakeBrowser(answer: SdkResponse | undefined) {
  const calls: string[] = [];
  let requested: RequestPayParams | undefined;
  const sdk: ProviderSdk = {
    init: (code) => calls.push(`init ${code}`),
    request_pay: (request, callback) => {
      requested = request;
      if (answer) callback(answer);
    },
  };
  let loaded = false;
  const side: BrowserSide = {
    loadScript: async (url) => {
      calls.push(`load ${url}`);
      loaded = true;
    },
    sdk: () => (loaded ? sdk : undefined),
    navigate: (url) => calls.push(`navigate ${url}`),
  };
  return { side, calls, requested: () => requested };
}

describe('requestPay', () => {
  it('sends the browser to the sandbox checkout with the request as its query, which the sandbox reads back', async () => {
    const { side, calls } = fakeBrowser(undefined);
    await requestPay(sandboxSettings, params, side);
    expect(calls).toHaveLength(1);
    const url = new URL(calls[0]?.replace('navigate ', '') ?? '');
    expect(url.origin + url.pathname).toBe(
      sandboxSettings.checkout === 'sandbox' ? sandboxSettings.checkoutUrl : '',
    );
    expect(RequestPayParamsSchema.parse(Object.fromEntries(url.searchParams))).toEqual(params);
  });

  it('opens the provider SDK with the merchant code and the same parameters in production', async () => {
    const { side, calls, requested } = fakeBrowser(undefined);
    await requestPay(sdkSettings, params, side);
    expect(calls).toEqual(['load https://cdn.iamport.kr/v1/iamport.js', 'init imp12345678']);
    expect(requested()).toEqual(params);
  });

  it("turns the SDK's desktop callback into the same redirect the sandbox and mobile make", async () => {
    const { side, calls } = fakeBrowser({
      imp_uid: 'imp_123',
      merchant_uid: params.merchant_uid,
      success: false,
      error_code: 'CC66',
      error_msg: '[CC66] 한도초과',
    });
    await requestPay(sdkSettings, params, side);
    const url = new URL(calls.at(-1)?.replace('navigate ', '') ?? '');
    expect(url.pathname).toBe('/ko/payment/result/pending');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      guid: 'g1',
      imp_uid: 'imp_123',
      merchant_uid: params.merchant_uid,
      imp_success: 'false',
      error_code: 'CC66',
      error_msg: '[CC66] 한도초과',
    });
  });

  it('fails when the SDK does not arrive', async () => {
    const side: BrowserSide = {
      loadScript: async () => undefined,
      sdk: () => undefined,
      navigate: () => undefined,
    };
    await expect(requestPay(sdkSettings, params, side)).rejects.toThrow('did not load');
  });
});

describe('the return query', () => {
  it('is read from the provider', () => {
    const url = new URL(
      returnUrlFromSdk(params.m_redirect_url, { imp_uid: 'imp_1', merchant_uid: 'ord_1', imp_success: true }),
    );
    expect(readPaymentReturn(url.searchParams)).toEqual({
      from: 'provider',
      value: { imp_uid: 'imp_1', merchant_uid: 'ord_1', imp_success: 'true' },
    });
  });

  it('is read from the wallet', () => {
    const search = new URLSearchParams({
      guid: 'g',
      resultCode: 'Success',
      reserveId: 'rsv_1',
      tempReceiptId: 'tmp_1',
    });
    expect(readPaymentReturn(search)).toEqual({
      from: 'wallet',
      value: { resultCode: 'Success', reserveId: 'rsv_1', tempReceiptId: 'tmp_1' },
    });
  });

  it('is read from a channel that sends only the two ids, and never made up from an SDK without the flag', () => {
    expect(
      readPaymentReturn(new URLSearchParams({ guid: 'g', imp_uid: 'imp_1', merchant_uid: 'ord_1' })),
    ).toEqual({
      from: 'provider',
      value: { imp_uid: 'imp_1', merchant_uid: 'ord_1' },
    });
    const url = new URL(returnUrlFromSdk(params.m_redirect_url, { imp_uid: 'imp_1', merchant_uid: 'ord_1' }));
    expect(url.searchParams.has('imp_success')).toBe(false);
  });

  it('is nothing when the page was opened without one', () => {
    expect(readPaymentReturn(new URLSearchParams({ guid: 'g' }))).toEqual({ from: 'none' });
    expect(readPaymentReturn(new URLSearchParams({ imp_success: 'maybe', merchant_uid: 'x' }))).toEqual({
      from: 'none',
    });
  });
});

describe('the wallet page', () => {
  it('is the configured address with the reservation in it', () => {
    expect(walletPageUrl(sdkSettings, 'rsv 1')).toBe('https://m.pay.naver.com/payments/recurrent/rsv%201');
    expect(walletPageUrl(sandboxSettings, 'rsv_1')).toBe(
      'http://localhost:3000/_local/payments/naver-pay?reserveId=rsv_1',
    );
  });
});
