import * as z from 'zod';
import { REFUND_RECHECK_TARGET } from '../../../shared/jobs/schedules.ts';
import { scheduleOnce } from '../adapters/scheduler.ts';
import { nowMs } from '../clock.ts';

/**
 * A refund's re-checks (the recheck-refund target): a refund whose function stopped before it finished
 * is finished by the next attempt, and when nobody presses again, by its re-check. The first is
 * scheduled before the refund is written (refund-engine.ts), so that every refund written has one; each
 * run that finds the refund unfinished schedules the next, later and later, for a provider that stays
 * unreachable. A run for a refund never written (its function stopped in between) finds nothing to do.
 */
const MINUTE_MS = 60_000;
export const REFUND_RECHECK_AFTER_MS = [2, 10, 60, 6 * 60, 24 * 60, 3 * 24 * 60].map(
  (minutes) => minutes * MINUTE_MS,
);

export const RefundRecheckSchema = z.object({
  merchantUid: z.string().min(1),
  step: z.number().nonnegative(),
  attempt: z.number().int().nonnegative(),
});
export type RefundRecheck = z.infer<typeof RefundRecheckSchema>;

/** Schedules a refund's re-check `attempt`, named after the refund and attempt: scheduling it twice is once. */
export async function scheduleRefundRecheck(
  refund: { merchantUid: string; step: number },
  attempt: number,
): Promise<boolean> {
  const after = REFUND_RECHECK_AFTER_MS[attempt];
  if (after === undefined) return false;
  await scheduleOnce({
    name: `rfd-${refund.merchantUid}-${refund.step}-${attempt}`,
    at: new Date(nowMs() + after),
    targetId: REFUND_RECHECK_TARGET.id,
    payload: { merchantUid: refund.merchantUid, step: refund.step, attempt } satisfies RefundRecheck,
  });
  return true;
}
