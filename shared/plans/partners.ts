import type { ReferralType } from '../identity/referral.ts';

/**
 * The referral partners (site-and-payments.md section 6): each has its own label, discount rate and
 * price display. The specification does not show the rates; these are ours:
 * - classu sells our standard plans to its members at 10% off, the list price struck through beside it;
 * - manebi and malgnsoft sell CUSTOM plans agreed with them (their own catalogues), at the agreed
 *   price, so no rate applies on top;
 * - the generic affiliate brings visitors through coupon sign-up links: its discounts are coupons.
 * An account's referral type (set at sign-up) decides its pricing, never a query parameter.
 */
export type PriceDisplay = 'list' | 'strikethrough' | 'custom-plan';

export interface Partner {
  /** Shown beside the price as the partner's name, as the partner writes it. */
  label: string;
  discountPercent: number;
  priceDisplay: PriceDisplay;
}

export const PARTNERS: Readonly<Record<ReferralType, Partner>> = {
  affiliate: { label: 'Affiliate', discountPercent: 0, priceDisplay: 'list' },
  classu: { label: 'CLASSU', discountPercent: 10, priceDisplay: 'strikethrough' },
  manebi: { label: 'manebi', discountPercent: 0, priceDisplay: 'custom-plan' },
  malgnsoft: { label: 'Malgnsoft', discountPercent: 0, priceDisplay: 'custom-plan' },
};

export function partnerOf(referralType: string | undefined): Partner | undefined {
  return referralType && Object.hasOwn(PARTNERS, referralType)
    ? PARTNERS[referralType as ReferralType]
    : undefined;
}
