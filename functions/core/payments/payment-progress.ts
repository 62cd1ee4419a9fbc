import type { PaymentProgressRow } from '../../../shared/api/payments.ts';
import type { Currency } from '../../../shared/currency.ts';
import { CONSOLE_CLIENT_TYPE } from '../../../shared/identity/client-types.ts';
import { orderLinkLanguage } from '../../../shared/payments/payment-progress.ts';
import { nowMs } from '../clock.ts';
import { listPlanNameChoices } from '../custom-plans/custom-plans.ts';
import { listOrdersByUser, type PaymentOrder } from '../data/order-reads.ts';
import { listPaymentSessionsByUser, type PaymentSession } from '../data/payment-session-repository.ts';
import { findPlanByName } from '../data/plan-catalogue-repository.ts';
import type { Operator } from '../data/user-activity-repository.ts';
import { activeUserPlan } from '../data/user-plan-repository.ts';
import { getUser } from '../data/user-repository.ts';
import { AdminError, NotFound, PaymentError } from '../errors.ts';
import { openPaymentSession } from '../orders/session-store.ts';

/**
 * Payment progress (admin-console.md sections 2, 3 and 7): an account's payment sessions with their
 * latest orders, and the sessions operators open to send a customer an order link.
 */
export async function listPaymentProgress(uid: string): Promise<PaymentProgressRow[]> {
  const [sessions, orders] = await Promise.all([listPaymentSessionsByUser(uid), listOrdersByUser(uid)]);
  const byMerchantUid = new Map(orders.map((order) => [order.merchantUid, order]));
  return sessions
    .map((session) =>
      progressRow(session, session.merchantUid ? byMerchantUid.get(session.merchantUid) : undefined),
    )
    .sort((a, b) => b.created - a.created);
}

function progressRow(session: PaymentSession, order: PaymentOrder | undefined): PaymentProgressRow {
  return {
    // A session is named by its guid; the row has no other identity.
    id: session.guid,
    guid: session.guid,
    uid: session.uid,
    ...(session.cid ? { cid: session.cid } : {}),
    ...(session.merchantUid ? { merchantUid: session.merchantUid } : {}),
    ...(order?.customerUid ? { customerUid: order.customerUid } : {}),
    planName: order?.planName ?? session.planName,
    ...(order ? { payMethod: order.payMethod, pg: order.pg, price: order.finalPrice } : {}),
    currency: session.currency,
    created: session.created,
    createdStatus: session.createdStatus,
    updated: Math.max(session.updated, order?.updated ?? 0),
    ...((order?.status ?? session.updatedStatus)
      ? { updatedStatus: order?.status ?? session.updatedStatus }
      : {}),
    ...(session.desc ? { desc: session.desc } : {}),
    expiresAt: session.expiresAt,
  };
}

/**
 * Opens an order link for an account: an init_custom session at one plan of the plan-name choices, in
 * the language of the currency (KRW Korean, JPY Japanese, USD English). The operator's action is
 * written in the session's transaction.
 *
 * An account that holds an active plan is refused here: the grant refuses a second plan
 * (DUPLICATE_PAYMENT) and would refund the payment, so the link could only take money and give it
 * back. The choices are fixed-term passes, never among a subscription's upgrade targets; the console
 * still offers the order link of init_custom_upgrade rows (upgrade sessions opened for an operator).
 */
export async function createPaymentProgress(input: {
  uid: string;
  planName: string;
  currency: Currency;
  desc: string;
  operator: Operator;
}): Promise<PaymentProgressRow> {
  const [user, choices, found, active] = await Promise.all([
    getUser(input.uid),
    listPlanNameChoices(),
    findPlanByName(input.planName),
    activeUserPlan(input.uid, nowMs()),
  ]);
  if (!user || user.deleted) throw new NotFound(`User ${input.uid}`);
  if (!choices.includes(input.planName) || !found) {
    throw new AdminError('invalid_argument', 'console-payments:refusal.not_a_choice');
  }
  if (active) {
    throw new AdminError('invalid_argument', 'console-payments:refusal.active_plan');
  }
  try {
    const { session } = await openPaymentSession({
      uid: user.uid,
      user,
      clientType: CONSOLE_CLIENT_TYPE,
      language: orderLinkLanguage(input.currency),
      planName: found.plan.name,
      catalogue: found.catalogue,
      createdStatus: 'init_custom',
      desc: input.desc,
      createdBy: input.operator.email,
      activity: {
        uid: user.uid,
        action: 'payment-progress.create',
        desc: `${found.plan.name} ${input.currency}: ${input.desc}`,
        operator: input.operator,
      },
    });
    return progressRow(session, undefined);
  } catch (error) {
    // The session's own refusals (an unverified account) reach the console in the admin format.
    if (error instanceof PaymentError) throw new AdminError('invalid_argument', error.message);
    throw error;
  }
}
