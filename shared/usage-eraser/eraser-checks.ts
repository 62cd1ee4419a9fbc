import { contactProblems, type PayProblem } from '../orders/pay-checks.ts';

/**
 * The eraser's pay checks (site-and-payments.md section 5): all three final confirmations, both
 * agreements, a valid name, a valid email and a contact, each with the order page's message and field,
 * all at once (the page shows every one at its field, as the order page does). Decision: a pay method
 * must be chosen too, checked after the agreements as on the order page (nothing can be paid without
 * one).
 */
export function eraserPayProblems(form: {
  finalConfirms: readonly boolean[];
  agreements: readonly boolean[];
  payMethod: string | undefined;
  userName: string;
  userEmail: string;
  userPhone: string;
}): PayProblem[] {
  const problems: PayProblem[] = [];
  if (!form.finalConfirms.every(Boolean))
    problems.push({ field: 'final-confirmation', alert: 'check_final_confirm' });
  if (!form.agreements.every(Boolean)) problems.push({ field: 'agreement', alert: 'check_agreement' });
  if (!form.payMethod) problems.push({ field: 'pay-method', alert: 'check_paymethod' });
  problems.push(...contactProblems(form));
  return problems;
}
