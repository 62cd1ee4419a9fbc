import { adminUsageCreate } from '../../shared/api/usage.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { grantUsage } from '../core/usage/grant-usage.ts';

export const handler = defineHandler(adminUsageCreate, async ({ uid, grantId, ...amounts }, context) => {
  const outcome = await grantUsage({ uid, grantId, amounts, operator: operatorOf(context) });
  // A replayed grant already moved the counters: the operator's submission succeeded.
  return { result: { granted: outcome.granted || outcome.replay } };
});
