import { emailRule, nameRule } from '../identity/account-rules.ts';

/**
 * The checks on pay, in the specified order (site-and-payments.md section 5): the first that fails
 * names its alert (an i18n key of the `order` namespace) and the section to scroll to.
 */
export type OrderSection =
  | 'final-confirmation'
  | 'agreement'
  | 'pay-method'
  | 'contact'
  | 'account-type'
  | 'coupon';

export type PayAlert =
  | 'check_final_confirm'
  | 'check_agreement'
  | 'check_paymethod'
  | 'check_username'
  | 'check_email'
  | 'check_contact'
  | 'check_account_type'
  | 'check_coupon';

export interface PayForm {
  finalConfirms: readonly [boolean, boolean, boolean];
  isSubscription: boolean;
  couponApplied: boolean;
  agreements: readonly [boolean, boolean];
  payMethod: string | undefined;
  userName: string;
  userEmail: string;
  /** The phone number in E.164, '' when none was typed. */
  userPhone: string;
  /** Whether the account type choice is on the page (not CUSTOM, no referral discount). */
  accountTypeShown: boolean;
  accountType: string | undefined;
  /** What is in the coupon input without having been applied ('' once applied or when empty). */
  couponUnapplied: string;
}

export function firstPayProblem(form: PayForm): { alert: PayAlert; section: OrderSection } | undefined {
  const [confirm1, confirm2, confirm3] = form.finalConfirms;
  if (!confirm1 || (form.isSubscription && !confirm2) || (form.couponApplied && !confirm3))
    return { alert: 'check_final_confirm', section: 'final-confirmation' };
  if (!form.agreements.every(Boolean)) return { alert: 'check_agreement', section: 'agreement' };
  if (!form.payMethod) return { alert: 'check_paymethod', section: 'pay-method' };
  if (!nameRule.safeParse(form.userName).success) return { alert: 'check_username', section: 'contact' };
  if (!emailRule.safeParse(form.userEmail).success) return { alert: 'check_email', section: 'contact' };
  if (!form.userPhone) return { alert: 'check_contact', section: 'contact' };
  if (form.accountTypeShown && !form.accountType)
    return { alert: 'check_account_type', section: 'account-type' };
  if (form.couponUnapplied.trim()) return { alert: 'check_coupon', section: 'coupon' };
  return undefined;
}
