import { ACCOUNT_ERASURE_TARGET } from '../../../shared/jobs/schedules.ts';
import { DIRECT_DEPOSIT_CUSTOMER_UID } from '../../../shared/subscriptions/plan-actions.ts';
import { expireRecurrent } from '../adapters/payment-provider/naver-pay.ts';
import { deleteBillingKey } from '../adapters/payment-provider/portone.ts';
import { scheduleOnce } from '../adapters/scheduler.ts';
import { nowMs } from '../clock.ts';
import { eraseAccountRecords } from '../data/account-deletion-repository.ts';
import { listUserPlans } from '../data/user-plan-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { logger } from '../logger.ts';
import { OVERDUE_DELAY_MS } from '../subscriptions/renewal-schedule.ts';

/**
 * A run of a deleted account's erasure (the erase-account schedule target): the card's billing key and
 * the wallet's recurring registration are withdrawn at the provider (nothing can be charged on them, and
 * the provider keeps no card for a gone account), the usage log deleted, and every record the law keeps
 * given its expiry (data/account-deletion-repository.ts). A run that runs out of writes hands over to
 * the next; every step finds only what is left, so a repeated or retried run does no harm.
 */
export async function eraseAccount(event: ErasureEvent): Promise<'done' | 'handed-over' | 'skipped'> {
  const user = await getUser(event.uid);
  if (!user?.deleted) return 'skipped';
  if (event.part === 0) await withdrawPaymentMeans(event.uid);
  if ((await eraseAccountRecords(event.uid, event.deletedAt)) === 'done') return 'done';
  await scheduleErasurePart({ ...event, part: event.part + 1 }, nowMs() + OVERDUE_DELAY_MS);
  return 'handed-over';
}

/** Withdraws the account's billing keys and wallet registrations; one the provider refuses is logged. */
async function withdrawPaymentMeans(uid: string): Promise<void> {
  const plans = await listUserPlans(uid);
  const keys = new Set(plans.flatMap((plan) => (plan.customerUid ? [plan.customerUid] : [])));
  keys.delete(DIRECT_DEPOSIT_CUSTOMER_UID);
  const registrations = new Set(plans.flatMap((plan) => (plan.recurrentId ? [plan.recurrentId] : [])));
  const reason = 'Account deleted by the customer';
  await Promise.all([
    ...[...keys].map((customerUid) =>
      deleteBillingKey(customerUid, reason).catch((error: unknown) =>
        logger.error('A deleted account’s billing key could not be withdrawn', { uid, customerUid, error }),
      ),
    ),
    ...[...registrations].map((recurrentId) =>
      expireRecurrent({ recurrentId, reason }).catch((error: unknown) =>
        logger.error('A deleted account’s wallet registration could not be ended', {
          uid,
          recurrentId,
          error,
        }),
      ),
    ),
  ]);
}

/**
 * One run of an account's erasure: the first pass or the last, each in parts (a part that runs out of
 * writes hands over to the next one).
 */
export interface ErasureEvent {
  uid: string;
  deletedAt: number;
  pass: 'first' | 'last';
  part: number;
}

export function scheduleErasurePart(event: ErasureEvent, at: number) {
  return scheduleOnce({
    name: `era-${event.uid}-${event.pass}-${event.part}`,
    at: new Date(at),
    targetId: ACCOUNT_ERASURE_TARGET.id,
    payload: event,
  });
}
