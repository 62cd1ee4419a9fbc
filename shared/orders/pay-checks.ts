import { emailRule, nameRule } from '../identity/account-rules.ts';

/**
 * The checks on pay (site-and-payments.md section 5). The specification alerts the first that fails;
 * the order page shows every one at once, at its field, with a summary linking to each (issue 32,
 * point 6: WCAG 2.2 3.3.1 and 3.3.3). Each problem names its message (an i18n key of the `order`
 * namespace, `pay_checks.*`) and the field it belongs to; they come in the specification's order.
 */
export type PayField =
  | 'final-confirmation'
  | 'agreement'
  | 'pay-method'
  | 'name'
  | 'email'
  | 'phone'
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

export interface PayProblem {
  field: PayField;
  alert: PayAlert;
}

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

/** Which final confirmations the order asks: the plan; the renewal of a subscription; a coupon's terms. */
function finalConfirmsAsked(form: Pick<PayForm, 'isSubscription' | 'couponApplied'>) {
  return [true, form.isSubscription, form.couponApplied] as const;
}

/** The contact's checks, which the usage eraser's page makes too. */
export function contactProblems(form: Pick<PayForm, 'userName' | 'userEmail' | 'userPhone'>): PayProblem[] {
  const problems: PayProblem[] = [];
  if (!nameRule.safeParse(form.userName).success) problems.push({ field: 'name', alert: 'check_username' });
  if (!emailRule.safeParse(form.userEmail).success) problems.push({ field: 'email', alert: 'check_email' });
  if (!form.userPhone) problems.push({ field: 'phone', alert: 'check_contact' });
  return problems;
}

export function payProblems(form: PayForm): PayProblem[] {
  const problems: PayProblem[] = [];
  const asked = finalConfirmsAsked(form);
  if (asked.some((ask, index) => ask && !form.finalConfirms[index]))
    problems.push({ field: 'final-confirmation', alert: 'check_final_confirm' });
  if (!form.agreements.every(Boolean)) problems.push({ field: 'agreement', alert: 'check_agreement' });
  if (!form.payMethod) problems.push({ field: 'pay-method', alert: 'check_paymethod' });
  problems.push(...contactProblems(form));
  if (form.accountTypeShown && !form.accountType)
    problems.push({ field: 'account-type', alert: 'check_account_type' });
  if (form.couponUnapplied.trim()) problems.push({ field: 'coupon', alert: 'check_coupon' });
  return problems;
}
