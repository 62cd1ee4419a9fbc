import { type Currency, toMinorUnits } from '../currency.ts';
import { type RenewingPlan, renewalPrice } from './renewal-reminder.ts';

/**
 * Consent before a renewal costs more (issue 26 point 3). 전자상거래법 제13조 제6항 (in force since
 * 14 February 2025) makes the seller obtain the customer's consent before a recurring payment's amount
 * rises or a free supply turns into a paid recurring one, and tell how to withdraw it; its 시행령
 * 제20조의2 sets when: within the 30 days before the rise. The Fair Trade Commission's Q&A on dark
 * patterns (13 February 2025) adds that the consent must be explicit (no answer is no consent) and is
 * asked again even when the first contract already mentioned the change.
 *
 * This module decides, from a plan alone, whether its renewal costs more than its last charge and why;
 * what the renewal charges is `renewalPrice` (renewal-reminder.ts), what the price table asks for a plan
 * is the payment session's own rule (functions/core/orders/session-pricing.ts planRenewalPrice).
 */
export const CONSENT_WINDOW_DAYS = 30;
const DAY_MS = 86_400_000;

export const PRICE_RISE_REASONS = [
  'free-period-ends',
  'discount-ends',
  'price-rises',
  'plan-changes',
] as const;
export type PriceRiseReason = (typeof PRICE_RISE_REASONS)[number];

export interface PricedRenewingPlan extends RenewingPlan {
  currency: Currency;
}

export interface PriceRise {
  /** The last charge. */
  from: number;
  /** What the renewal charges. */
  to: number;
  reason: PriceRiseReason;
}

/**
 * The rise of a plan's renewal over its last charge, or undefined when the renewal costs the same or
 * less. Why: the customer scheduled a change into a plan that costs more (a longer period), a period that
 * cost nothing ends (a free period turns paid), the price table rose since the renewal price was set
 * (`tableRaised`), or else the first period's discount (a coupon, a preregistration rate, an upgrade's
 * credit) ends.
 */
export function renewalPriceRise(
  plan: PricedRenewingPlan,
  options: { tableRaised?: boolean } = {},
): PriceRise | undefined {
  const to = renewalPrice(plan);
  const from = plan.price;
  if (toMinorUnits(to, plan.currency) <= toMinorUnits(from, plan.currency)) return undefined;
  const reason: PriceRiseReason = plan.planChange
    ? 'plan-changes'
    : from === 0
      ? 'free-period-ends'
      : options.tableRaised
        ? 'price-rises'
        : 'discount-ends';
  return { from, to, reason };
}

/** When the consent of a renewal due at `renewsAt` is asked: the first moment of the 30 days before it. */
export function consentAskedAt(renewsAt: number): number {
  return renewsAt - CONSENT_WINDOW_DAYS * DAY_MS;
}

export const CONSENT_STATUSES = ['asked', 'consented', 'declined'] as const;
/** Where the customer answered: the mail's link, or the billing page signed in. */
export const CONSENT_CHANNELS = ['mail', 'billing-page'] as const;
export type ConsentChannel = (typeof CONSENT_CHANNELS)[number];
export type ConsentStatus = (typeof CONSENT_STATUSES)[number];

/**
 * Whether the customer's recorded answer lets the renewal charge `amount` for the plan `planName`: a
 * consent is to one amount for one plan, so a consent to another amount (the price changed again since)
 * or another plan (a scheduled change replaced by another) lets nothing be charged.
 */
export function consentCovers(
  consent: { status: ConsentStatus; amount: number; planName: string } | undefined,
  renewal: { amount: number; planName: string },
  currency: Currency,
): boolean {
  return (
    consent?.status === 'consented' &&
    consent.planName === renewal.planName &&
    toMinorUnits(consent.amount, currency) === toMinorUnits(renewal.amount, currency)
  );
}

/** Whether the customer may still answer: until the renewal is due (it then charges or ends the plan). */
export function consentOpen(renewsAt: number, now: number): boolean {
  return now < renewsAt;
}
