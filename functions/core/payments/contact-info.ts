import { canUpdateContactInfo } from '../../../shared/users/user-plan-actions.ts';
import { updatePaymentContactPhone } from '../data/payment-contact-repository.ts';
import type { Operator } from '../data/user-activity-repository.ts';
import { latestUserPlan } from '../data/user-plan-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { NotFound } from '../errors.ts';

export type ContactInfoResult = { updated: true } | { updated: false; errorType: string; errorMsg: string };

/**
 * The contact-info update (admin-console.md users/{id}/userContactInfo): the payment contact's phone of
 * a paying subscriber, by the same rule as the button (latest plan PAID with paidAt, not a direct
 * deposit). A refusal is an answer, not an error: the console shows its errorType and errorMsg.
 */
export async function updateContactInfo(input: {
  uid: string;
  phone: string;
  desc: string;
  operator: Operator;
}): Promise<ContactInfoResult> {
  const [user, latest] = await Promise.all([getUser(input.uid), latestUserPlan(input.uid)]);
  if (!user) throw new NotFound(`User ${input.uid}`);
  const refused = (errorMsg: string): ContactInfoResult => ({
    updated: false,
    errorType: 'USER_NOT_SUBSCRIBED',
    errorMsg,
  });
  if (!canUpdateContactInfo(latest)) return refused('The account holds no paid subscription to update');
  const updated = await updatePaymentContactPhone(input.uid, input.phone, {
    uid: input.uid,
    action: 'contact-info.update',
    desc: `${input.phone}: ${input.desc}`,
    operator: input.operator,
  });
  return updated ? { updated: true } : refused('The account has no payment contact');
}
