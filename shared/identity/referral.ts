/**
 * Referral types a visitor may sign up with: the generic affiliate (coupon sign-up links) and the
 * partner codes (site-and-payments.md section 6).
 */
export const REFERRAL_TYPES = ['affiliate', 'manebi', 'classu', 'malgnsoft'] as const;
export type ReferralType = (typeof REFERRAL_TYPES)[number];
