import * as z from 'zod';
import { ORDER_RECHECK_TARGET } from '../../../shared/jobs/schedules.ts';
import { scheduleOnce } from '../adapters/scheduler.ts';
import { nowMs } from '../clock.ts';
import { raiseCase, vbankExpiredCaseId } from '../data/attention-repository.ts';
import { getOrder, type PaymentOrder } from '../data/order-reads.ts';
import { logger } from '../logger.ts';
import { reconcileOrder } from './charges.ts';

/**
 * Nothing the product grants depends on a notification arriving or a browser coming back: PortOne sends
 * a notification once, may not reach us, and says so (V1 webhook guide: look the payment up before
 * acting on a missing notification). So every order a customer makes is asked about at the provider
 * again on a schedule (EventBridge Scheduler, one-off `at()` schedules, each run scheduling the next),
 * until nothing more can happen to it:
 * - an order whose checkout opened or whose charge is under way: 10 minutes, 1 hour and 1 day after it
 *   was made (a payment whose browser never came back, a charge whose answer was lost);
 * - an issued virtual account: every hour until its due date, and once just after it (a deposit in
 *   its last minutes), so that a deposit whose one notification is lost is still granted;
 * - an order whose money must go back (refund_required) and may still go back by itself: every 10
 *   minutes for a day, until it has.
 * A run only reconciles the order (charges.ts), which grants exactly once however often it is asked.
 * A virtual account still unpaid at its last re-check goes on the console's attention page.
 */
const MINUTE_MS = 60_000;
const RECHECK_AFTER_MS = [10 * MINUTE_MS, 60 * MINUTE_MS, 24 * 60 * MINUTE_MS] as const;
const VBANK_RECHECK_EVERY_MS = 60 * MINUTE_MS;
const VBANK_LAST_RECHECK_AFTER_DUE_MS = 10 * MINUTE_MS;
const RETURN_RECHECK_FOR_MS = 24 * 60 * MINUTE_MS;

export const RecheckEventSchema = z.object({ merchantUid: z.string().min(1) });
export type RecheckEvent = z.infer<typeof RecheckEventSchema>;

type RecheckedOrder = Pick<PaymentOrder, 'status' | 'created' | 'vbankDueDate'> &
  Partial<Pick<PaymentOrder, 'updated' | 'returnRefused'>>;

/** When an order is next asked about, or undefined once nothing can change it any more. */
export function nextRecheckAt(order: RecheckedOrder, now: number): number | undefined {
  // Money taken for an order that could not be granted, whose return has not been refused: looked at
  // again until it is back (its function may have stopped before asking), for a day.
  if (order.status === 'refund_required' && !order.returnRefused) {
    return now < (order.updated ?? order.created) + RETURN_RECHECK_FOR_MS
      ? now + RECHECK_AFTER_MS[0]
      : undefined;
  }
  if (order.status === 'vbank_issued' && order.vbankDueDate !== undefined) {
    const last = order.vbankDueDate + VBANK_LAST_RECHECK_AFTER_DUE_MS;
    return now < last ? Math.min(now + VBANK_RECHECK_EVERY_MS, last) : undefined;
  }
  if (order.status !== 'created' && order.status !== 'charging') return undefined;
  return RECHECK_AFTER_MS.map((after) => order.created + after).find((at) => at > now);
}

/** A re-check's schedule name: the order and the time, so that scheduling it again changes nothing. */
export function recheckScheduleName(merchantUid: string, atMs: number): string {
  return `chk-${merchantUid}-${Math.floor(atMs / 1000)}`;
}

/** Schedules the order's next re-check, if it has one. */
export async function scheduleRecheck(
  order: RecheckedOrder & Pick<PaymentOrder, 'merchantUid'>,
): Promise<void> {
  const at = nextRecheckAt(order, nowMs());
  if (at === undefined) return;
  await scheduleOnce({
    name: recheckScheduleName(order.merchantUid, at),
    at: new Date(at),
    targetId: ORDER_RECHECK_TARGET.id,
    payload: { merchantUid: order.merchantUid } satisfies RecheckEvent,
  });
}

/** One re-check (the recheck-order target): the order reconciled, and its next re-check scheduled. */
export async function recheckOrder(event: RecheckEvent): Promise<string> {
  const order = await getOrder(event.merchantUid);
  if (!order) return 'no-order';
  const { result } = await reconcileOrder(order);
  const current = (await getOrder(order.merchantUid)) ?? order;
  await scheduleRecheck(current);
  if (current.status === 'vbank_issued' && nextRecheckAt(current, nowMs()) === undefined) {
    await raiseCase({
      caseId: vbankExpiredCaseId(current.merchantUid),
      kind: 'vbank_expired',
      uid: current.uid,
      userEmail: current.userEmail,
      merchantUid: current.merchantUid,
      planName: current.planName,
      amount: current.amount,
      currency: current.currency,
      reason: 'The virtual account is past its due date without a deposit',
      refundSources: [],
    });
  }
  logger.info('Order re-checked', { merchantUid: order.merchantUid, result, status: current.status });
  return result;
}
