import { createInitPlanUpgrade } from '../../shared/api/upgrades.ts';
import { PaymentError } from '../core/errors.ts';
import { callerAccount } from '../core/orders/order-access.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { openUpgradeSession } from '../core/upgrades/upgrade.ts';

export const handler = defineHandler(createInitPlanUpgrade, async (input, { caller }) => {
  const uid = callerAccount(caller, input.uid);
  const { guid, sessionInfo } = await openUpgradeSession({ ...input, uid });
  const { planUpgradeData } = sessionInfo;
  if (!planUpgradeData) throw new PaymentError('DB_ERROR', 'The upgrade session has no plan to upgrade');
  return { guid, planUpgradeData, sessionInfo };
});
