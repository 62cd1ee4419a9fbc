import { nowMs } from '../clock.ts';
import { raiseCase, vbankExpiredCaseId } from '../data/attention-repository.ts';
import { getOrder } from '../data/order-reads.ts';
import { logger } from '../logger.ts';
import { reconcileOrder } from './charges.ts';
import { nextRecheckAt, type RecheckEvent, scheduleRecheck } from './order-recheck-schedule.ts';

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
