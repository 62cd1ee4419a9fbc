import { resumeRenewal } from '../../shared/api/billing.ts';
import { PaymentError } from '../core/errors.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { resumeRenewal as resume } from '../core/subscriptions/customer-renewal.ts';

export const handler = defineHandler(resumeRenewal, async (input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  const { plan, changed } = await resume({
    uid: caller.claims.uid,
    email: caller.claims.email,
    language: input.language,
  });
  return {
    result: { planName: plan.planName, planStatus: plan.planStatus, expiredAt: plan.expiredAt, changed },
  };
});
