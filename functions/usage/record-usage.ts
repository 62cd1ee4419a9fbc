import { recordUsage } from '../../shared/api/usage.ts';
import { PaymentError } from '../core/errors.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { recordUsage as record } from '../core/usage/record-usage.ts';
import { standingView } from '../core/usage/usage-standing.ts';

export const handler = defineHandler(recordUsage, async (input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  const { entry, standing } = await record({ ...input, uid: caller.claims.uid });
  return {
    result: { success: entry.success, failure: entry.failure ?? null, standing: standingView(standing) },
  };
});
