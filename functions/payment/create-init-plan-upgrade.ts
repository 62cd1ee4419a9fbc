import { createInitPlanUpgrade } from '../../shared/api/upgrades.ts';
import { PaymentError } from '../core/errors.ts';
import { openUpgradeSession } from '../core/orders/sessions.ts';
import { defineHandler } from '../core/pipeline.ts';

export const handler = defineHandler(createInitPlanUpgrade, async (input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  // The account is the token's; a uid in the body may only repeat it.
  if (input.uid && input.uid !== caller.claims.uid) {
    throw new PaymentError('AUTHORIZATION', 'The uid is not the signed-in account');
  }
  const { guid, sessionInfo } = await openUpgradeSession({ ...input, uid: caller.claims.uid });
  const { planUpgradeData } = sessionInfo;
  if (!planUpgradeData) throw new PaymentError('DB_ERROR', 'The upgrade session has no plan to upgrade');
  return { guid, planUpgradeData, sessionInfo };
});
