/**
 * What the payment provider (PortOne v1) runs in the customer's browser, so that the site's security
 * headers (shared/site/security-headers.ts) admit exactly that.
 */

/** The browser SDK (developers.portone.io, /sdk/ko/v1-sdk/javascript-sdk: "SDK Library 로드하기"). */
export const PROVIDER_SDK_URL = 'https://cdn.iamport.kr/v1/iamport.js';

/**
 * Where the SDK runs a checkout. PortOne documents that on a desktop `IMP.request_pay` opens the
 * checkout in an iframe or a popup without leaving the page, and on a phone moves the page to the
 * checkout, which returns to `m_redirect_url` (/opi/ko/integration/start/v1/auth, "결제 결과
 * 처리하기"). The channels below are PortOne's first-generation modules, whose checkout PortOne
 * serves from this host (its own notification and escrow addresses for them live there too:
 * /opi/ko/integration/virtual-account/readme). The PG's own pages then run inside that frame or
 * window, under their own policy, so none of their origins belongs in ours.
 */
export const PROVIDER_CHECKOUT_ORIGIN = 'https://service.iamport.kr';

/**
 * The channels (`pg`) whose checkout runs at PROVIDER_CHECKOUT_ORIGIN. A channel outside this list
 * (a second-generation module, PayPal's Smart Payment Buttons, which draw PayPal's own script and
 * frames into the page) needs its origins reviewed before the site may open it: a test fails
 * until then.
 */
export const CHANNELS_ON_PROVIDER_CHECKOUT = [
  'html5_inicis',
  'eximbay',
  // Dollar and yen subscriptions (FOREIGN_RECURRING_PG in pay-methods.ts): a V1 module like the others,
  // its Paymentwall page running inside PortOne's checkout frame or window.
  'paymentwall',
  'danal',
  'kakaopay',
  'naverpay',
  'payco',
  'paypal',
] as const;
