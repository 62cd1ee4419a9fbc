/**
 * The business constants of the money path (site-and-payments.md section 9), in one place. Values the
 * specification gives are marked "spec"; the others are decisions, each with its reason.
 */

/** Spec: the result page asks for a pending payment's result up to 5 more times, one second apart. */
export const PAYMENT_RESULT_RETRIES = 5;
export const PAYMENT_RESULT_RETRY_DELAY_MS = 1000;

/** Spec: confirmation on the result page begins after a 100 ms wait and runs only once. */
export const PAYMENT_CONFIRMATION_DELAY_MS = 100;

/** Spec: the retry helper waits 100 ms times 2 to the power of the attempt (0-based) between attempts. */
export const RETRY_BASE_DELAY_MS = 100;

export function retryDelayMs(attempt: number): number {
  return RETRY_BASE_DELAY_MS * 2 ** attempt;
}

/** Spec: the payment-phone check gives up after 3 s and then assumes the number is not in use. */
export const PAYMENT_PHONE_LOOKUP_TIMEOUT_MS = 3000;

/** Spec: an applied-but-not-typed coupon makes the coupon field blink for 2 s; the field syncs after 100 ms. */
export const COUPON_BLINK_MS = 2000;
export const COUPON_FIELD_SYNC_DELAY_MS = 100;

/** Spec: virtual-account due dates are shown in UTC+9; refund timestamps are in KST. */
export const PAYMENT_TIME_ZONE = 'Asia/Seoul';

/**
 * Decision: a virtual account stays open for 3 days (due at 23:59:59 KST of the third day). Long
 * enough for a bank transfer over a weekend, short enough that an unpaid order does not linger.
 */
export const VBANK_OPEN_DAYS = 3;

/**
 * Decision: the provider's access token (valid 30 minutes) is renewed once less than a minute of it is
 * left, so that no call goes out with a token that expires on the way.
 */
export const PROVIDER_TOKEN_RENEW_MARGIN_MS = 60_000;
