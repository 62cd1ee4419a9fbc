import * as z from 'zod';
import type { BulkUserRow } from '../../../shared/api/users.ts';
import { adminUserCreateInfoRule } from '../../../shared/users/admin-user-rules.ts';
import type { Operator } from '../data/user-activity-repository.ts';
import { findUserByEmail, getUser } from '../data/user-repository.ts';
import { Conflict } from '../errors.ts';
import { newUid } from '../identity/accounts.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import { type ItemOutcome, registerItemProcessor } from '../jobs/item-processors.ts';
import { createUserByOperator, EMAIL_IN_USE } from './admin-users.ts';

/**
 * Bulk user create (admin-console.md sections 2, 5 and 7): the API records a job whose items are the
 * CSV rows, each given its account's uid up front, and queues them in messages of 10; the consumer
 * creates the accounts one by one. A row is refused alone, with the rule's message as its reason.
 */
export const BULK_USER_CREATE_KIND = 'user-create';

const ParamsSchema = z.object({
  assistEmail: z.string(),
  desc: z.string(),
  operator: z.object({ uid: z.string(), email: z.string() }),
});
const ItemSchema = z.object({ uid: z.string().min(1) }).passthrough();

export async function enqueueBulkUserCreate(input: {
  rows: readonly BulkUserRow[];
  assistEmail: string;
  desc: string;
  operator: Operator;
}): Promise<{ jobId: string; total: number }> {
  const { jobId } = await enqueueJob({
    queueId: 'bulk-user-create',
    kind: BULK_USER_CREATE_KIND,
    items: input.rows.map((row) => ({ ...row, uid: newUid() })),
    params: { assistEmail: input.assistEmail, desc: input.desc, operator: input.operator },
    createdBy: input.operator.email,
  });
  return { jobId, total: input.rows.length };
}

/**
 * One row. Safe to run twice, even at the same time (a message delivered twice): the row's uid is fixed,
 * so an address held by that uid is this row's own account, counted as done rather than refused as
 * taken.
 */
registerItemProcessor(BULK_USER_CREATE_KIND, async (item, rawParams) => {
  const params = ParamsSchema.parse(rawParams);
  const { uid, ...row } = ItemSchema.parse(item);
  if (await getUser(uid)) return { ok: true };
  const info = adminUserCreateInfoRule.safeParse({ ...row, assistEmail: params.assistEmail });
  if (!info.success) return { ok: false, reason: info.error.issues[0]?.message ?? 'Invalid row' };
  const holder = await findUserByEmail(info.data.email);
  if (holder) return holderOutcome(holder.uid, uid);
  try {
    await createUserByOperator(info.data, {
      uid,
      operator: params.operator,
      action: 'user.bulk-create',
      desc: params.desc,
    });
    return { ok: true };
  } catch (error) {
    if (!(error instanceof Conflict)) throw error;
    // Nobody holds the address: the write lost to a concurrent transaction; the message is tried again.
    const taken = await findUserByEmail(info.data.email);
    if (!taken) throw error;
    return holderOutcome(taken.uid, uid);
  }
});

function holderOutcome(holderUid: string, rowUid: string): ItemOutcome {
  return holderUid === rowUid ? { ok: true } : { ok: false, reason: EMAIL_IN_USE };
}
