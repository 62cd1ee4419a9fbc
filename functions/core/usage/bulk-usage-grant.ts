import * as z from 'zod';
import { type BulkUsageGrantInput, USAGE_GRANT_REFUSALS } from '../../../shared/usage/usage-grant-rules.ts';
import type { Operator } from '../data/user-activity-repository.ts';
import { findUserByUidOrEmail } from '../data/user-repository.ts';
import { claimBulkRequest } from '../jobs/bulk-repeat-guard.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import { registerItemProcessor } from '../jobs/item-processors.ts';
import { grantUsage } from './grant-usage.ts';

/**
 * Bulk usage grant (admin-console.md sections 5, 7 and 9): the API records a job whose items are the
 * uids or e-mails and queues them in messages of 300; the consumer gives each account the same grant
 * through the single grant's path. The grant is named by the job id and the item's place, so a
 * redelivered message (a crashed consumer) finds the grant already written and counts it once; the
 * same request sent again soon after is refused unless confirmed (jobs/bulk-repeat-guard.ts).
 */
export const BULK_USAGE_GRANT_KIND = 'usage-grant';

const ParamsSchema = z.object({
  amounts: z.record(z.string(), z.unknown()),
  operator: z.object({ uid: z.string(), email: z.string() }),
});

export async function enqueueBulkUsageGrant(
  input: BulkUsageGrantInput & { operator: Operator },
): Promise<{ jobId: string; total: number }> {
  const { uidOrEmails, operator, confirmRepeat, ...amounts } = input;
  await claimBulkRequest({ kind: BULK_USAGE_GRANT_KIND, items: uidOrEmails, fields: amounts, confirmRepeat });
  const { jobId } = await enqueueJob({
    queueId: 'bulk-items',
    kind: BULK_USAGE_GRANT_KIND,
    items: uidOrEmails,
    params: { amounts, operator },
    createdBy: operator.email,
  });
  return { jobId, total: uidOrEmails.length };
}

registerItemProcessor(BULK_USAGE_GRANT_KIND, async (item, rawParams, place) => {
  const { amounts, operator } = ParamsSchema.parse(rawParams);
  const user = await findUserByUidOrEmail(z.string().parse(item));
  if (!user || user.deleted) return { ok: false, reason: USAGE_GRANT_REFUSALS.noAccount };
  await grantUsage({
    uid: user.uid,
    grantId: `${place.jobId}-${place.batchIndex}-${place.itemIndex}`,
    amounts,
    operator,
  });
  return { ok: true };
});
