import * as z from 'zod';
import {
  type BulkUsageGrantInput,
  USAGE_GRANT_REFUSALS,
  type UsageGrantAmounts,
} from '../../../shared/usage/usage-grant-rules.ts';
import { nowMs } from '../clock.ts';
import type { Operator } from '../data/user-activity-repository.ts';
import { findUsersByUidOrEmail, type User } from '../data/user-repository.ts';
import { claimBulkRequest } from '../jobs/bulk-repeat-guard.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import { type ItemOutcome, registerItemsProcessor } from '../jobs/item-processors.ts';
import { grantAmounts, type PlannedGrant, writeGrants } from './grant-usage.ts';
import { type UsageStanding, usageStandings } from './usage-standing.ts';

/**
 * Bulk usage grant (admin-console.md sections 5, 7 and 9): the API records a job whose items are the
 * uids or e-mails and queues them in messages of 300; the consumer reads a message's accounts and
 * standings together, then gives each account the same grant through the single grant's write. The grant is named by the job id and the item's place, so a
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

/**
 * What a message's items need, read together: its accounts by uid or e-mail, and where each stands
 * this month (plan heads and counters), in a few BatchGets instead of a dozen round trips per item.
 */
interface PreparedGrant {
  amounts: UsageGrantAmounts;
  operator: Operator;
  users: Map<string, User>;
  standings: Map<string, UsageStanding>;
  at: number;
}

registerItemsProcessor<PreparedGrant>(BULK_USAGE_GRANT_KIND, {
  prepare: async (items, rawParams) => {
    const params = ParamsSchema.parse(rawParams);
    const users = await findUsersByUidOrEmail(z.array(z.string()).parse(items));
    const at = nowMs();
    const standings = await usageStandings(
      [...users.values()].filter((user) => !user.deleted).map((user) => user.uid),
      at,
    );
    return { amounts: grantAmounts(params.amounts), operator: params.operator, users, standings, at };
  },
  process: async (items, _params, { amounts, operator, users, standings, at }) => {
    const outcomes: ItemOutcome[] = [];
    const grants: Array<PlannedGrant & { index: number }> = [];
    for (const [index, { item, place }] of items.entries()) {
      const user = users.get(z.string().parse(item));
      const standing = user && !user.deleted ? standings.get(user.uid) : undefined;
      outcomes[index] = { ok: false, reason: USAGE_GRANT_REFUSALS.noAccount };
      if (user && standing) {
        const grantId = `${place.jobId}-${place.batchIndex}-${place.itemIndex}`;
        grants.push({ grant: { uid: user.uid, grantId, amounts, operator }, standing, index });
      }
    }
    // A grant counts on its message in the transaction that writes it (its entries exist once), so a
    // granted row needs no outcome item: a row is its entries, its counter move and its activity.
    const [first] = items;
    const written = first ? await writeGrants(grants, amounts, at, first.place) : [];
    for (const [position, { index }] of grants.entries())
      outcomes[index] = { ok: true, counted: written[position] ? 'now' : 'before' };
    return outcomes;
  },
});
