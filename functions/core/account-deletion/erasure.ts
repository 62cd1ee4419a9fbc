import { ACCOUNT_ERASURE_TARGET } from '../../../shared/jobs/schedules.ts';
import { scheduleOnce } from '../adapters/scheduler.ts';
import { nowMs } from '../clock.ts';
import { eraseAccountRecords } from '../data/account-deletion-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { OVERDUE_DELAY_MS } from '../subscriptions/renewal-schedule.ts';

/**
 * A run of a deleted account's erasure (the erase-account schedule target): the usage log deleted, and
 * every record the law keeps given its expiry (data/account-deletion-repository.ts). A run that runs
 * out of writes hands over to the next; every step finds only what is left, so a repeated or retried
 * run does no harm.
 */
export async function eraseAccount(event: ErasureEvent): Promise<'done' | 'handed-over' | 'skipped'> {
  const user = await getUser(event.uid);
  if (!user?.deleted) return 'skipped';
  if ((await eraseAccountRecords(event.uid, event.deletedAt)) === 'done') return 'done';
  await scheduleErasurePart({ ...event, part: event.part + 1 }, nowMs() + OVERDUE_DELAY_MS);
  return 'handed-over';
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
