import type { RefundAccount } from '../../../shared/refunds/refund-account.ts';
import type { RefundSource } from '../../../shared/refunds/refund-session.ts';
import { nowMs } from '../clock.ts';
import { createRefundSession, getRefundSession } from '../data/refund-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { PaymentError } from '../errors.ts';
import { newGuid } from '../orders/session-store.ts';
import {
  estimateView,
  finishRefund,
  quoteRefund,
  RefundedMeanwhile,
  type RefundOutcome,
  refundPlan,
  startedRefundOf,
} from './refund-engine.ts';

/**
 * The customer's refund (site-and-payments.md: /{lang}/payment/user-refund, user-refund-info and
 * cancel-payment-user by guid). The signed-in account holder opens a session; the page then shows the
 * estimate for a request now and refunds exactly that amount.
 */
const SESSION_LIFETIME_MS = 24 * 3_600_000;

/**
 * The customer's refund is made at once and ends the plan at once, so its used period runs to the day
 * it is asked (KST), not to the next business day: the business-day count is for requests an operator
 * handles later (the console's default), and here it would charge an evening's payment two days.
 */
const quoteNow = (uid: string) => quoteRefund({ uid, requestedMs: nowMs(), businessDay: false });

export async function openRefundSession(uid: string): Promise<string> {
  await quoteNow(uid);
  const now = nowMs();
  const guid = newGuid();
  const expiresAt = now + SESSION_LIFETIME_MS;
  await createRefundSession({
    guid,
    uid,
    created: now,
    expiresAt,
    ttl: Math.floor(expiresAt / 1000) + 86_400,
  });
  return guid;
}

async function sessionUid(guid: string): Promise<string> {
  const session = await getRefundSession(guid);
  if (!session) throw new PaymentError('INVALID_ARGUMENT', 'No such refund session');
  if (session.expiresAt <= nowMs()) throw new PaymentError('EXPIRED', 'The refund session has expired');
  return session.uid;
}

export async function userRefundInfo(guid: string) {
  const uid = await sessionUid(guid);
  const [quote, user] = await Promise.all([quoteNow(uid), getUser(uid)]);
  return { ...estimateView(quote), userEmail: user?.email ?? quote.payment.userEmail };
}

export async function cancelPaymentUser(request: {
  guid: string;
  price: number;
  reason: string;
  refundSource: RefundSource;
  refundAccount?: RefundAccount | undefined;
  /** Both agreements of the page were ticked; not needed for a refund of zero (it unsubscribes). */
  agreed: boolean;
}): Promise<RefundOutcome> {
  if (request.price !== 0 && !request.agreed) {
    throw new PaymentError('INVALID_ARGUMENT', 'Both agreements are required for a refund');
  }
  const uid = await sessionUid(request.guid);
  // Pressed again (after an answer that never came): the refund this session started, as it ended.
  const requestKey = `refund-session:${request.guid}`;
  const started = await startedRefundOf(requestKey);
  if (started) return finishRefund(started);
  const quote = await quoteNow(uid);
  // The customer's money goes back the one way the decision gives the estimate (refund-ways.ts): its own
  // way, or by bank transfer where that is closed; only an operator may choose another.
  if (request.price !== 0 && request.refundSource !== quote.refundSource) {
    throw new PaymentError('INVALID_ARGUMENT', `This payment is refunded through ${quote.refundSource}`);
  }
  try {
    return await refundPlan({ ...request, uid, requestedBy: 'user', requestKey }, quote, 'estimate');
  } catch (error) {
    // A second click (or an operator) refunded the plan first: the customer is told the refund made.
    if (error instanceof RefundedMeanwhile) return error.made;
    throw error;
  }
}
