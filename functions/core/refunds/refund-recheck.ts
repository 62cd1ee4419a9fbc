import { getRefund } from '../data/refund-repository.ts';
import { PaymentError } from '../errors.ts';
import { logger } from '../logger.ts';
import { finishRefund } from './refund-engine.ts';
import { type RefundRecheck, scheduleRefundRecheck } from './refund-recheck-schedule.ts';

/**
 * One re-check of a refund (the recheck-refund target): a refund left started is finished, a made one
 * whose mail or receipt did not follow is settled; one still unfinished (the provider unreachable) is
 * asked about again later. After the last re-check the run fails, so that its schedule's failures land
 * on the attention page (schedule_dead_letter) for an operator.
 */
export async function recheckRefund(recheck: RefundRecheck): Promise<string> {
  const refund = await getRefund(recheck.merchantUid, recheck.step);
  if (!refund) return 'no-refund';
  if (refund.status === 'refused') return 'refused';
  if (refund.status === 'made' && refund.settledAt !== undefined) return 'settled';
  try {
    await finishRefund(refund);
    logger.info('Refund finished by its re-check', { merchantUid: refund.merchantUid, step: refund.step });
    return 'finished';
  } catch (error) {
    // A refusal ends the refund refused (finishRefund recorded it): nothing is left to re-check.
    const refused = (await getRefund(refund.merchantUid, refund.step))?.status === 'refused';
    if (refused && error instanceof PaymentError) return 'refused';
    logger.warn('A refund is still unfinished; it is asked about again later', {
      merchantUid: refund.merchantUid,
      step: refund.step,
      error,
    });
    if (await scheduleRefundRecheck(refund, recheck.attempt + 1)) return 'unfinished';
    throw error;
  }
}
