import type { Currency } from '../currency.ts';
import type { SiteLanguage } from '../languages.ts';

/** The payment methods a customer can choose (site-and-payments.md section 3). */
export const PAY_METHODS = [
  'card',
  'vbank',
  'kakaopay',
  'naverpay',
  'payco',
  'paypal',
  'phone',
  'naver_pay',
] as const;
export type PayMethod = (typeof PAY_METHODS)[number];

export function isPayMethod(value: unknown): value is PayMethod {
  return typeof value === 'string' && (PAY_METHODS as readonly string[]).includes(value);
}

/**
 * The wallet: Naver Pay recurring, driven through Naver Pay's own API (reserve, approve, charge)
 * rather than the payment provider's checkout. It is a subscription method only: what it registers is
 * a recurring payment.
 */
export const WALLET_PAY_METHOD = 'naver_pay' satisfies PayMethod;

/** The lists the specification names (section 5). */
const DEFAULT_KOREAN_METHODS: readonly PayMethod[] = [
  'card',
  'phone',
  'naver_pay',
  'vbank',
  'kakaopay',
  'payco',
];
const KOREAN_METHODS_WITHOUT_VBANK_AND_WALLET: readonly PayMethod[] = ['card', 'phone', 'kakaopay', 'payco'];
const FOREIGN_METHODS: readonly PayMethod[] = ['card', 'paypal'];
const CARD_ONLY: readonly PayMethod[] = ['card'];

/**
 * The methods a customer sees on an order page, in display order. The specification names the lists
 * and the wallet rule; which list applies when is our decision, on one principle: a subscription can
 * only use a method that leaves something to charge again at renewal (a billing key, or the wallet's
 * recurring registration). A virtual account is one deposit and PayPal is checkout-only through our
 * provider, so neither can carry a subscription.
 *
 * - Currency other than KRW: the foreign list (card, PayPal); a subscription card only.
 * - KRW with a language other than Korean: the list without virtual account and wallet (the deposit
 *   notice is a Korean SMS and the wallet is Korean-only, section 5).
 * - KRW in Korean: the default Korean list; a subscription drops the virtual account; the wallet shows
 *   only for a subscription, and only when the server allows it (the session's showNaverPay).
 */
export function payMethodsFor(input: {
  isSubscription: boolean;
  language: SiteLanguage;
  currency: Currency;
  walletAllowed: boolean;
}): PayMethod[] {
  if (input.currency !== 'KRW') return [...(input.isSubscription ? CARD_ONLY : FOREIGN_METHODS)];
  if (input.language !== 'ko') return [...KOREAN_METHODS_WITHOUT_VBANK_AND_WALLET];
  return DEFAULT_KOREAN_METHODS.filter((method) => {
    if (method === 'vbank') return !input.isSubscription;
    if (method === WALLET_PAY_METHOD) return input.isSubscription && input.walletAllowed;
    return true;
  });
}

/** The i18n namespace of the method labels (web/src/i18n/locales/<lang>/pay-methods.json). */
export const PAY_METHOD_NAMESPACE = 'pay-methods';

/**
 * A method's label key, and the key of the note shown under it when there is one. In Japanese a
 * one-time card payment is labelled card/convenience store, with a note about the store's extra fee.
 */
export function payMethodLabel(
  method: PayMethod,
  context: { language: SiteLanguage; isSubscription: boolean },
): { labelKey: string; noteKey?: string } {
  if (method === 'card' && context.language === 'ja' && !context.isSubscription) {
    return { labelKey: 'card_convenience_store', noteKey: 'convenience_store_fee_note' };
  }
  return { labelKey: method };
}

/** The method the server records: PayPal is sent to the server as card (its channel says PayPal). */
export function serverPayMethod(method: PayMethod): Exclude<PayMethod, 'paypal'> {
  return method === 'paypal' ? 'card' : method;
}

/** The provider's own method codes (IMP.request_pay's pay_method). */
export type ProviderPayMethod = 'card' | 'vbank' | 'phone';

/**
 * The channels (PG codes) on which the provider charges a billing key again: the PGs PortOne's OpenAPI
 * schema lists for POST /subscribe/payments/again (x-portone-supported-pgs; developers.portone.io,
 * src/schema/v1.openapi.yml). Eximbay is not among them (its V1 guide: "포트원은 엑심베이 정기결제를
 * 지원하지 않습니다"), nor the PayPal checkout (its guide says the same); a subscription must be
 * paid on one of these, and the sandbox issues billing keys and charges them only on these.
 */
export const RECURRING_PGS: readonly string[] = [
  'chai',
  'danal',
  'danal_tpay',
  'daou',
  'html5_inicis',
  'inicis',
  'kakaopay',
  'kcp',
  'kcp_billing',
  'kicc',
  'ksnet',
  'mobilians',
  'naverpay',
  'nice',
  'nice_v2',
  'payco',
  'paymentwall',
  'settle',
  'settle_acc',
  'smartro_v2',
  'tosspayments',
  'paypal_v2',
  'welcome',
  'tosspay_v2',
];

/**
 * The channel of recurring card payments in dollars and yen: Paymentwall, the one foreign card PG of
 * RECURRING_PGS whose charges take a currency (`currency` on subscribe/payments/again is documented for
 * Paymentwall alone). Its V1 guide: a billing key is only issued together with a first payment (never
 * alone), the buyer's e-mail is required and must be the same when the key is charged, and each charge
 * carries the buyer's browser IP (browser_ip, required for Paymentwall).
 */
export const FOREIGN_RECURRING_PG = 'paymentwall';

/** Channels whose billing key is issued only with a first payment, taken at the checkout. */
export const KEY_ISSUED_WITH_PAYMENT_PGS: readonly string[] = [FOREIGN_RECURRING_PG];

/**
 * The provider channel of each method: the PG code passed as `pg` and the provider's pay_method. Easy
 * pays (KakaoPay, PAYCO, Naver Pay through the provider) and PayPal are card payments on their own
 * PG; a foreign-currency card goes through the international card PG, Eximbay, or, for a subscription,
 * the foreign PG that can charge again. The wallet has no provider channel: its pg is recorded as the
 * method itself.
 */
export function providerChannel(
  method: Exclude<PayMethod, 'naver_pay'>,
  currency: Currency,
  order: { isSubscription: boolean } = { isSubscription: false },
): { pg: string; payMethod: ProviderPayMethod } {
  switch (method) {
    case 'card': {
      if (currency === 'KRW') return { pg: 'html5_inicis', payMethod: 'card' };
      return { pg: order.isSubscription ? FOREIGN_RECURRING_PG : 'eximbay', payMethod: 'card' };
    }
    case 'vbank':
      return { pg: 'html5_inicis', payMethod: 'vbank' };
    case 'phone':
      return { pg: 'danal', payMethod: 'phone' };
    case 'kakaopay':
    case 'naverpay':
    case 'payco':
    case 'paypal':
      return { pg: method, payMethod: 'card' };
  }
}

/** The pg recorded for a wallet payment. */
export const WALLET_PG = 'naver_pay';
