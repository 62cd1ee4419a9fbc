import { emailRule, nameRule } from '../identity/account-rules.ts';
import type { PayAlert } from '../orders/pay-checks.ts';

/**
 * The eraser's pay checks (site-and-payments.md section 5): all three final confirmations, both
 * agreements, a valid name, a valid email and a contact; the first failure names its alert (the order
 * page's alert keys) and the section to scroll to. Decision: a pay method must be chosen too, checked
 * after the agreements as on the order page (nothing can be paid without one).
 */
export type EraserSection = 'final-confirmation' | 'agreement' | 'pay-method' | 'contact';

export function firstEraserPayProblem(form: {
  finalConfirms: readonly boolean[];
  agreements: readonly boolean[];
  payMethod: string | undefined;
  userName: string;
  userEmail: string;
  userPhone: string;
}): { alert: PayAlert; section: EraserSection } | undefined {
  if (!form.finalConfirms.every(Boolean))
    return { alert: 'check_final_confirm', section: 'final-confirmation' };
  if (!form.agreements.every(Boolean)) return { alert: 'check_agreement', section: 'agreement' };
  if (!form.payMethod) return { alert: 'check_paymethod', section: 'pay-method' };
  if (!nameRule.safeParse(form.userName).success) return { alert: 'check_username', section: 'contact' };
  if (!emailRule.safeParse(form.userEmail).success) return { alert: 'check_email', section: 'contact' };
  if (!form.userPhone) return { alert: 'check_contact', section: 'contact' };
  return undefined;
}
