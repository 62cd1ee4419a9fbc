import { DateTime } from 'luxon';
import * as z from 'zod';
import { type Currency, floorToCurrency } from '../currency.ts';
import { KST_ZONE } from '../time/kst.ts';

/**
 * Affiliates and their settlements (admin-console.md sections 2, 3, 5 and 7). An affiliate brings
 * sign-ups through its coupon code (the sign-up link `{base}/{lang}/signup?coupon=CODE` records the
 * account with referral type `affiliate` and the code); it may earn a reward per sign-up and a share of
 * the first payments of the accounts it brought. Rule messages are i18n keys of `console-affiliates`.
 *
 * Decisions where the specification is silent:
 * - An affiliate is named by its coupon code (upper case): one code, one affiliate.
 * - A sign-up row is a target (to be paid) when the affiliate has the sign-up reward on, the account
 *   verified its e-mail, and it signed up within the affiliate's period.
 * - A payment row numbers the account's paid payments from its first (payNumber); rows with payNumber
 *   above 3 are dropped. The accounts considered are those that signed up from 3 months before the
 *   searched start, so a first, second or third payment inside the range is found. A payment row is a
 *   target when the affiliate has the payment share on and the account signed up within its period;
 *   its share is the percentage of the price, floored to the currency's decimals.
 */
export const AFFILIATE_COUNTRIES = ['KR', 'US', 'JP'] as const;
export const AFFILIATE_COUPON_TYPES = ['discount', 'bonus_quota'] as const;
export const AFFILIATE_REWARD_CURRENCIES = ['KRW', 'USD', 'JPY'] as const;
export const AFFILIATE_REFERRAL_TYPE = 'affiliate';
/** Spec: the payment settlement reaches back 3 months before the start and keeps payNumber up to 3. */
export const PAYMENT_LOOKBACK_MONTHS = 3;
export const MAX_PAY_NUMBER = 3;

const messages = {
  name: 'console-affiliates:validation.name',
  country: 'console-affiliates:validation.country',
  couponCode: 'console-affiliates:validation.coupon_code',
  couponType: 'console-affiliates:validation.coupon_type',
  startedAt: 'console-affiliates:validation.started_at',
  expiredAt: 'console-affiliates:validation.expired_at',
  period: 'console-affiliates:validation.period',
  rewardCurrency: 'console-affiliates:validation.reward_currency',
  rewardAmount: 'console-affiliates:validation.reward_amount',
  sharePercentage: 'console-affiliates:validation.share_percentage',
} as const;
export const AFFILIATE_MESSAGES = messages;

/**
 * An affiliate as the form sends it. With the sign-up reward off, its currency is cleared and its
 * amount 0; with the payment share off, its percentage is 0 (section 2's disabled fields).
 */
export const affiliateRule = z
  .object({
    name: z.string().trim().min(1, messages.name).max(128, messages.name),
    countryCode: z.enum(AFFILIATE_COUNTRIES, { message: messages.country }),
    couponCode: z
      .string()
      .trim()
      .min(1, messages.couponCode)
      .max(32, messages.couponCode)
      .transform((code) => code.toUpperCase()),
    couponType: z.enum(AFFILIATE_COUPON_TYPES, { message: messages.couponType }),
    startedAt: z.number({ message: messages.startedAt }).int(messages.startedAt),
    expiredAt: z.number({ message: messages.expiredAt }).int(messages.expiredAt),
    hasSignUpReward: z.boolean().default(false),
    signUpRewardCurrency: z
      .enum(AFFILIATE_REWARD_CURRENCIES, { message: messages.rewardCurrency })
      .optional(),
    signUpRewardAmount: z.number({ message: messages.rewardAmount }).default(0),
    hasPaymentShare: z.boolean().default(false),
    paymentSharePercentage: z.number({ message: messages.sharePercentage }).default(0),
  })
  .superRefine((affiliate, context) => {
    const issue = (path: string, message: string) =>
      context.addIssue({ code: 'custom', path: [path], message });
    if (affiliate.startedAt > affiliate.expiredAt) issue('expiredAt', messages.period);
    if (affiliate.hasSignUpReward) {
      if (!affiliate.signUpRewardCurrency) issue('signUpRewardCurrency', messages.rewardCurrency);
      if (!(affiliate.signUpRewardAmount >= 0)) issue('signUpRewardAmount', messages.rewardAmount);
    }
    if (
      affiliate.hasPaymentShare &&
      !(affiliate.paymentSharePercentage >= 0 && affiliate.paymentSharePercentage <= 100)
    )
      issue('paymentSharePercentage', messages.sharePercentage);
  })
  .transform(({ hasSignUpReward, hasPaymentShare, signUpRewardCurrency, ...affiliate }) => ({
    ...affiliate,
    ...(hasSignUpReward && signUpRewardCurrency ? { signUpRewardCurrency } : {}),
    signUpRewardAmount: hasSignUpReward ? affiliate.signUpRewardAmount : 0,
    paymentSharePercentage: hasPaymentShare ? affiliate.paymentSharePercentage : 0,
    hasSignUpReward,
    hasPaymentShare,
  }));
export type AffiliateInput = z.output<typeof affiliateRule>;
export type AffiliateForm = z.input<typeof affiliateRule>;

/** Defaults of a new affiliate (section 5): from today to a month later, in Seoul. */
export function defaultAffiliatePeriod(nowMs: number): { startedAt: number; expiredAt: number } {
  const today = DateTime.fromMillis(nowMs, { zone: KST_ZONE }).startOf('day');
  return { startedAt: today.toMillis(), expiredAt: today.plus({ months: 1 }).endOf('day').toMillis() };
}

/** The first sign-up a payment search considers: 3 months before the searched start. */
export function paymentLookbackStart(fromMs: number): number {
  return DateTime.fromMillis(fromMs, { zone: KST_ZONE })
    .minus({ months: PAYMENT_LOOKBACK_MONTHS })
    .toMillis();
}

export interface AffiliateTerms {
  startedAt: number;
  expiredAt: number;
  hasSignUpReward: boolean;
  hasPaymentShare: boolean;
  paymentSharePercentage: number;
}

const within = (terms: AffiliateTerms, ms: number) => ms >= terms.startedAt && ms <= terms.expiredAt;

export function isSignUpTarget(terms: AffiliateTerms, signUp: { created: number; emailVerified: boolean }) {
  return terms.hasSignUpReward && signUp.emailVerified && within(terms, signUp.created);
}

export function isPaymentTarget(terms: AffiliateTerms, signedUpAt: number): boolean {
  return terms.hasPaymentShare && within(terms, signedUpAt);
}

export function paymentShareAmount(percentage: number, price: number, currency: Currency): number {
  return floorToCurrency((price * percentage) / 100, currency);
}

/**
 * An account's paid payments numbered from its first (payNumber), keeping those inside [fromMs, toMs)
 * whose number is at most 3.
 */
export function numberedPayments<Payment extends { paidAt: number }>(
  payments: readonly Payment[],
  range: { fromMs: number; toMs: number },
): Array<Payment & { payNumber: number }> {
  return [...payments]
    .sort((a, b) => a.paidAt - b.paidAt)
    .map((payment, index) => ({ ...payment, payNumber: index + 1 }))
    .filter(
      (payment) =>
        payment.payNumber <= MAX_PAY_NUMBER && payment.paidAt >= range.fromMs && payment.paidAt < range.toMs,
    );
}
