import * as z from 'zod';
import { attentionCaseId } from '../../../shared/attention/attention-cases.ts';
import { WALLET_REFUND_RECHECK_TARGET } from '../../../shared/jobs/schedules.ts';
import {
  cancelWalletPayment,
  WALLET_REFUND_PENDING_CODES,
  WalletError,
  walletRestAmount,
} from '../adapters/payment-provider/naver-pay.ts';
import { scheduleOnce } from '../adapters/scheduler.ts';
import { nowMs } from '../clock.ts';
import { getAttentionCase, raiseCase, settleCase } from '../data/attention-repository.ts';
import { logger } from '../logger.ts';

/**
 * A refund through the wallet (Naver Pay), for every refund of the product (a customer's or an operator's
 * refund, an order's money returned). The wallet may answer that the refund completes later
 * (CancelNotComplete) or that an earlier cancel of the payment must complete first
 * (PreCancelNotComplete): the refund is then pending. Its record is a `refund_pending` attention case
 * (shared/attention/attention-cases.ts) carrying what a re-check needs, and a re-check is scheduled
 * (the recheck-wallet-refund target, through the scheduler as the orders' re-checks are) that asks the
 * payment's history until the refund shows there, which ends the case; after a pending PreCancelNotComplete
 * the re-check asks for the refund again (the wallet compares what is to remain, so it cannot pay twice).
 */
const MINUTE_MS = 60_000;
/** When a pending refund is asked about again, from when it was asked: then daily, for two weeks. */
const RECHECK_AFTER_MS = [10, 60, 6 * 60, ...Array.from({ length: 14 }, (_, day) => (day + 1) * 24 * 60)].map(
  (minutes) => minutes * MINUTE_MS,
);

export const WalletRefundRecheckSchema = z.object({
  caseId: z.string().min(1),
  paymentId: z.string().min(1),
  amount: z.number().positive(),
  /** What was cancellable before this refund, as the refund was computed. */
  cancellable: z.number().positive(),
  reason: z.string(),
  code: z.enum(WALLET_REFUND_PENDING_CODES),
  askedAt: z.number(),
  attempt: z.number().int().nonnegative(),
});
export type WalletRefundRecheck = z.infer<typeof WalletRefundRecheckSchema>;

export interface WalletRefundRequest {
  paymentId: string;
  amount: number;
  reason: string;
  cancellable: number;
  /** What the refund is of, for the case an operator sees. */
  about: {
    uid: string;
    userEmail?: string | undefined;
    merchantUid: string;
    planId?: string | undefined;
    planName?: string | undefined;
    currency: string;
  };
}

/** Refunds through the wallet; 'pending' when the wallet completes it later (recorded and re-checked). */
export async function refundThroughWallet(request: WalletRefundRequest): Promise<'refunded' | 'pending'> {
  const refund = await cancelWalletPayment(request);
  if (refund.status === 'refunded') return 'refunded';
  const recheck: WalletRefundRecheck = {
    caseId: attentionCaseId('refund_pending', `${request.paymentId}/${request.cancellable - request.amount}`),
    paymentId: request.paymentId,
    amount: request.amount,
    cancellable: request.cancellable,
    reason: request.reason,
    code: refund.code,
    askedAt: nowMs(),
    attempt: 0,
  };
  const { about } = request;
  await raiseCase({
    caseId: recheck.caseId,
    kind: 'refund_pending',
    uid: about.uid,
    merchantUid: about.merchantUid,
    amount: request.amount,
    currency: about.currency,
    ...(about.userEmail ? { userEmail: about.userEmail } : {}),
    ...(about.planId ? { planId: about.planId } : {}),
    ...(about.planName ? { planName: about.planName } : {}),
    reason: `Naver Pay answered ${refund.code}: the refund of ${request.paymentId} completes later`,
    refundSources: [],
    payload: JSON.stringify(recheck),
  });
  await scheduleNext(recheck);
  return 'pending';
}

async function scheduleNext(recheck: WalletRefundRecheck): Promise<boolean> {
  const after = RECHECK_AFTER_MS[recheck.attempt];
  if (after === undefined) return false;
  const rest = recheck.cancellable - recheck.amount;
  await scheduleOnce({
    name: `wrf-${recheck.paymentId}-${rest}-${recheck.attempt}`,
    at: new Date(recheck.askedAt + after),
    targetId: WALLET_REFUND_RECHECK_TARGET.id,
    payload: recheck,
  });
  return true;
}

/**
 * One re-check (the recheck-wallet-refund target): done when the payment's history shows no more than
 * what was to remain; else, after PreCancelNotComplete, the refund is asked for again; and the next
 * re-check is scheduled. A case an operator dismissed is not asked about again.
 */
export async function recheckWalletRefund(recheck: WalletRefundRecheck): Promise<string> {
  if (!(await getAttentionCase(recheck.caseId))) return 'ended';
  const expectedRest = recheck.cancellable - recheck.amount;
  let code = recheck.code;
  if ((await walletRestAmount(recheck.paymentId)) <= expectedRest) return complete(recheck);
  if (code === 'PreCancelNotComplete') {
    let again: Awaited<ReturnType<typeof cancelWalletPayment>>;
    try {
      again = await cancelWalletPayment({ ...recheck, attempt: recheck.attempt + 1 });
    } catch (error) {
      // The wallet refused it outright (its rest is not what this refund was computed on): retrying
      // cannot change that; the case stays for an operator.
      if (!(error instanceof WalletError) || error.walletCode === undefined) throw error;
      logger.error('A pending wallet refund was refused when asked again', {
        paymentId: recheck.paymentId,
        code: error.walletCode,
      });
      return 'refused';
    }
    if (again.status === 'refunded') return complete(recheck);
    code = again.code;
  }
  const next = { ...recheck, code, attempt: recheck.attempt + 1 };
  if (await scheduleNext(next)) return 'pending';
  logger.error('A wallet refund is still not complete: an operator must settle it', {
    paymentId: recheck.paymentId,
    caseId: recheck.caseId,
  });
  return 'given-up';
}

async function complete(recheck: WalletRefundRecheck): Promise<string> {
  await settleCase(recheck.caseId);
  logger.info('Wallet refund completed', { paymentId: recheck.paymentId, attempt: recheck.attempt });
  return 'completed';
}
