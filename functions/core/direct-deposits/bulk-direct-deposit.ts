import * as z from 'zod';
import {
  type BulkDirectDepositInput,
  DIRECT_DEPOSIT_CURRENCIES,
  DIRECT_DEPOSIT_PAYMENT_TYPES,
  DIRECT_DEPOSIT_REFUSALS,
} from '../../../shared/direct-deposits/direct-deposit.ts';
import type { Operator } from '../data/user-activity-repository.ts';
import { getPaymentContact } from '../data/user-plan-repository.ts';
import { findUserByUidOrEmail } from '../data/user-repository.ts';
import { claimBulkRequest } from '../jobs/bulk-repeat-guard.ts';
import { enqueueJob } from '../jobs/enqueue-job.ts';
import { registerItemProcessor } from '../jobs/item-processors.ts';
import { grantDirectDeposit, newDirectDepositId } from './direct-deposit.ts';

/**
 * Bulk direct deposit (admin-console.md sections 2, 5 and 7): the API records a job whose items are the
 * uids or e-mails, each given its deposit id when queued, and queues them in messages of 300; the
 * consumer grants each account the plan alone. A redelivered message (a crashed consumer) finds the
 * deposit its item already made and counts it done: nothing is granted twice. The same request sent
 * again soon after is refused unless confirmed (jobs/bulk-repeat-guard.ts).
 */
export const BULK_DIRECT_DEPOSIT_KIND = 'direct-deposit';

const ParamsSchema = z.object({
  planName: z.string(),
  currency: z.enum(DIRECT_DEPOSIT_CURRENCIES),
  price: z.number(),
  paymentType: z.enum(DIRECT_DEPOSIT_PAYMENT_TYPES),
  desc: z.string(),
  operator: z.object({ uid: z.string(), email: z.string() }),
});
const ItemSchema = z.object({ id: z.string().min(1), depositId: z.string().min(1) });

export async function enqueueBulkDirectDeposit(
  input: BulkDirectDepositInput & { operator: Operator },
): Promise<{ jobId: string; total: number }> {
  const { uidOrEmails, operator, confirmRepeat, ...params } = input;
  await claimBulkRequest({
    kind: BULK_DIRECT_DEPOSIT_KIND,
    items: uidOrEmails,
    fields: params,
    confirmRepeat,
  });
  const { jobId } = await enqueueJob({
    queueId: 'bulk-items',
    kind: BULK_DIRECT_DEPOSIT_KIND,
    items: uidOrEmails.map((id) => ({ id, depositId: newDirectDepositId() })),
    params: { ...params, operator },
    createdBy: operator.email,
  });
  return { jobId, total: uidOrEmails.length };
}

registerItemProcessor(BULK_DIRECT_DEPOSIT_KIND, async (item, rawParams) => {
  const { operator, ...params } = ParamsSchema.parse(rawParams);
  const { id, depositId } = ItemSchema.parse(item);
  const user = await findUserByUidOrEmail(id);
  if (!user || user.deleted) return { ok: false, reason: DIRECT_DEPOSIT_REFUSALS.noAccount };
  // The payment names the account as it is, with the phone it last paid with (none: left empty).
  const contact = await getPaymentContact(user.uid);
  const outcome = await grantDirectDeposit(
    {
      ...params,
      depositId,
      uid: user.uid,
      userName: user.name,
      userEmail: user.email,
      userPhone: contact?.contactPhoneNumber ?? '',
    },
    { operator, action: 'direct-deposit.bulk-create' },
  );
  return outcome.status === 'refused' ? { ok: false, reason: outcome.reason } : { ok: true };
});
