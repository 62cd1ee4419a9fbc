import { cancelRenewal } from '../../shared/api/billing.ts';
import { PaymentError } from '../core/errors.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { cancelRenewal as cancel } from '../core/subscriptions/customer-renewal.ts';

export const handler = defineHandler(cancelRenewal, async (input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  const { plan, changed } = await cancel({
    uid: caller.claims.uid,
    email: caller.claims.email,
    language: input.language,
  });
  return {
    result: { planName: plan.planName, planStatus: plan.planStatus, expiredAt: plan.expiredAt, changed },
  };
});
