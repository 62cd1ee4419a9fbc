import { DateTime } from 'luxon';
import { type Currency, currencyForLanguage } from '../currency.ts';
import type { SiteLanguage } from '../languages.ts';
import { PAYMENT_TIME_ZONE, VBANK_OPEN_DAYS } from '../payments/constants.ts';

/**
 * The order rules the specification leaves to us, in one place, each with its reason.
 */

/**
 * Decision: a payment session lasts 24 hours from its opening. Long enough to compare plans, fetch a
 * card, come back after lunch; short enough that a link found in a browser's history a week later
 * does not sell at last week's terms. Recomputing does not extend it.
 */
export const SESSION_LIFETIME_MS = 24 * 3_600_000;
/** Decision: a session an operator opens (an order link sent to a customer) lasts 14 days. */
export const OPERATOR_SESSION_LIFETIME_MS = 14 * 24 * 3_600_000;
/**
 * Decision: a session's record is kept a week after it expires, so that result pages and late
 * notifications can still find the orders made from it.
 */
export const SESSION_KEPT_AFTER_EXPIRY_MS = 7 * 24 * 3_600_000;

/**
 * Decision: a coupon is held for an order's checkout for one hour (a card checkout takes minutes; the
 * provider's own window closes well before); for a virtual account, until the account's due date.
 */
export const COUPON_HOLD_MS = 3_600_000;

/**
 * Decision: the currency option. A visitor of the Korean site outside Korea may pay in US dollars
 * (foreign cards rarely take won); everyone else pays in their language's currency. The web asks only
 * on the Korean site, and not on the local level (one machine has no viewer country).
 */
export function currencyOptionShown(input: { language: SiteLanguage; country: string | undefined }): boolean {
  return input.language === 'ko' && Boolean(input.country) && input.country !== 'KR';
}

/** The currencies a session may be priced in: its language's, and US dollars on the Korean site. */
export function currencyOptions(language: SiteLanguage): Currency[] {
  const own = currencyForLanguage(language);
  return own === 'KRW' ? ['KRW', 'USD'] : [own];
}

/**
 * A virtual account's deadline: the end of the VBANK_OPEN_DAYS-th day from now in Seoul, as the
 * checkout's vbank_due (YYYYMMDDHHmm, KST) and as the instant.
 */
export function vbankDeadline(nowMs: number): { vbankDue: string; atMs: number } {
  const end = DateTime.fromMillis(nowMs, { zone: PAYMENT_TIME_ZONE })
    .plus({ days: VBANK_OPEN_DAYS })
    .endOf('day');
  return { vbankDue: end.toFormat('yyyyMMddHHmm'), atMs: end.toMillis() };
}

/**
 * The checkout of a subscription only issues the billing key; the first payment is then charged on the
 * key under the order's merchantUid. The provider does not take two payments of one merchant_uid, so
 * the issue gets its own id, derived from the order's (36 characters, within the provider's 40).
 */
export function billingKeyCheckoutUid(merchantUid: string): string {
  return `key_${merchantUid}`;
}
