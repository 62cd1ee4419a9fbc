import { CURRENCIES, type Currency } from '../../../shared/currency.ts';
import { PRODUCT_REFUND_SOURCE } from '../../../shared/refunds/refund-session.ts';
import { type RefundWay, refundDecision } from '../../../shared/refunds/refund-ways.ts';
import {
  endCaseItem,
  raiseCaseItem,
  refundRequiredCaseId,
  settledCaseItem,
  vbankExpiredCaseId,
} from './attention-repository.ts';
import { tableService } from './client.ts';
import type { CouponRedemption } from './coupon-repository.ts';
import { couponReleaseItems, couponTakeItems, getCouponRedemption } from './coupon-repository.ts';
import { AttentionCase } from './entities/attention-case.ts';
import { Coupon, CouponRedemption as CouponRedemptionEntity } from './entities/coupon.ts';
import {
  type OrderStatus,
  PaymentOrder as PaymentOrderEntity,
  type PaymentOrderItem,
} from './entities/payment-order.ts';
import { UserActivity } from './entities/user-activity.ts';
import { getOrder, type PaymentOrder } from './order-reads.ts';
import {
  conditionFailed,
  type ItemOutcomes,
  lostToConcurrentWrite,
  type TransactionEntities,
} from './transaction.ts';
import type { activityCommit } from './user-activity-repository.ts';

const db = tableService({
  attentionCase: AttentionCase,
  coupon: Coupon,
  couponRedemption: CouponRedemptionEntity,
  paymentOrder: PaymentOrderEntity,
  userActivity: UserActivity,
});

export type NewPaymentOrder = Omit<PaymentOrderItem, 'created' | 'updated' | 'status'>;

/**
 * The statuses an order can still be paid from. A failed order is among them: whatever the provider
 * reports paid must end granted or refunded, never ignored.
 */
export const GRANTABLE_STATUSES: readonly OrderStatus[] = ['created', 'charging', 'vbank_issued', 'failed'];

type OrderCondition = Parameters<
  ReturnType<ReturnType<ReturnType<typeof db>['entities']['paymentOrder']['patch']>['set']>['where']
>[0];

/** The condition that an order's status is one of `statuses`. */
export function statusIn(statuses: readonly OrderStatus[]): OrderCondition {
  return (attr, op) => statuses.map((status) => op.eq(attr.status, status)).join(' OR ');
}

export interface CouponHold {
  couponCode: string;
  heldUntil: number;
  nowMs: number;
  existing: CouponRedemption | undefined;
}

/**
 * Creates an order, with its coupon taken in the same transaction when it has one. Answers 'no-coupon'
 * when the coupon could not be taken (none free, out of its window, or the account's redemption
 * changed meanwhile) and 'conflict' when a concurrent transaction got in the way: then nothing is
 * written.
 */
export async function createOrder(
  order: NewPaymentOrder,
  hold?: CouponHold,
): Promise<'created' | 'no-coupon' | 'conflict'> {
  const { canceled, data } = await db()
    .transaction.write(({ paymentOrder, coupon, couponRedemption }) => [
      paymentOrder.create(order).commit(),
      ...(hold
        ? couponTakeItems(
            { coupon, couponRedemption },
            {
              couponCode: hold.couponCode,
              uid: order.uid,
              merchantUid: order.merchantUid,
              heldUntil: hold.heldUntil,
              nowMs: hold.nowMs,
              existing: hold.existing,
            },
          )
        : []),
    ])
    .go();
  if (!canceled) return 'created';
  return lostToConcurrentWrite(data as ItemOutcomes) ? 'conflict' : 'no-coupon';
}

export type OrderChanges = Partial<
  Pick<
    PaymentOrderItem,
    | 'status'
    | 'impUid'
    | 'failureType'
    | 'failureCode'
    | 'failureMessage'
    | 'returnRefused'
    | 'vbankName'
    | 'vbankNum'
    | 'vbankHolder'
    | 'vbankDueDate'
    | 'smsSentAt'
    | 'reserveId'
    | 'recurrentId'
    | 'walletPaymentId'
  >
>;

/**
 * Changes an order only while its status is one of `from`; answers the order as stored, or undefined
 * when its status had already moved on (another caller got there first).
 */
export async function updateOrderFrom(
  merchantUid: string,
  from: readonly OrderStatus[],
  changes: OrderChanges,
): Promise<PaymentOrder | undefined> {
  try {
    const { data } = await db()
      .entities.paymentOrder.patch({ merchantUid })
      .set(changes)
      .where(statusIn(from))
      .go({ response: 'all_new' });
    return data as PaymentOrder;
  } catch (error) {
    if (String((error as Error).message).includes('conditional request failed')) return undefined;
    throw error;
  }
}

/**
 * Ends an order that will not be granted (failed; refund_required while its money goes back) while its
 * status is one of `from`, and gives its coupon back in the same transaction when the order still
 * holds one: the coupon is free again the moment the order is closed, never a moment later. An order
 * made refund_required is listed for an operator in the same transaction (its attention case), until
 * its money is back. Answers the order as stored, or undefined when its status had already moved on.
 */
export async function closeOrder(
  order: PaymentOrder,
  from: readonly OrderStatus[],
  changes: OrderChanges,
  /** What the payment took, for an order made refund_required (it may differ from the order's). */
  taken?: Money,
): Promise<PaymentOrder | undefined> {
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const hold = order.couponCode ? await getCouponRedemption(order.couponCode, order.uid) : undefined;
    const releases = hold?.status === 'held' && hold.merchantUid === order.merchantUid;
    const { canceled, data } = await db()
      .transaction.write((tx) => [
        tx.paymentOrder.patch({ merchantUid: order.merchantUid }).set(changes).where(statusIn(from)).commit(),
        ...(releases && hold ? couponReleaseItems(tx, hold) : []),
        ...(changes.status === 'refund_required'
          ? [raiseCaseItem(tx, refundRequiredCase(order, changes, taken ?? order))]
          : []),
        ...vbankSettledItems(tx, order),
      ])
      .go();
    if (!canceled) return getOrder(order.merchantUid);
    if (conditionFailed(data as ItemOutcomes, 0)) return undefined;
  }
  throw new Error(`The order ${order.merchantUid} could not be closed`);
}

/** An amount in the currency it was paid in (a payment's may be one the product does not sell in). */
export interface Money {
  amount: number;
  currency: string;
}

/** A virtual account's order paid or closed: its due date's case (if any) is settled with it. */
export function vbankSettledItems(tx: Pick<TransactionEntities, 'attentionCase'>, order: PaymentOrder) {
  return order.payMethod === 'vbank' ? [settledCaseItem(tx, vbankExpiredCaseId(order.merchantUid))] : [];
}

/**
 * The ways an order's whole amount (taken for an order that could not be granted) may go back now, as
 * refund-ways.ts decides them: its own way (with the customer's account for a virtual account) or a bank
 * transfer; a payment the provider has no id for can only go back by transfer.
 */
export function orderRefundWays(
  order: Pick<
    PaymentOrder,
    'pg' | 'payMethod' | 'currency' | 'paidAt' | 'updated' | 'walletPaymentId' | 'impUid'
  >,
  taken: Money,
  at: number,
): RefundWay[] {
  const currency: Currency = (CURRENCIES as readonly string[]).includes(taken.currency)
    ? (taken.currency as Currency)
    : order.currency;
  const paidAt = order.paidAt ?? order.updated;
  const { walletPaymentId } = order;
  const decision = refundDecision(
    { pg: order.pg, payMethod: order.payMethod, currency, paidAt, walletPaymentId },
    'whole',
    at,
  );
  const atProvider = Boolean(walletPaymentId ?? order.impUid);
  return decision.ways.filter((way) => atProvider || way.source === PRODUCT_REFUND_SOURCE);
}

/** A refund_required order's case, with the ways its money may go back as decided when it is raised. */
function refundRequiredCase(order: PaymentOrder, changes: OrderChanges, taken: Money) {
  const refundWays = orderRefundWays(
    {
      ...order,
      walletPaymentId: changes.walletPaymentId ?? order.walletPaymentId,
      impUid: changes.impUid ?? order.impUid,
    },
    taken,
    order.updated,
  );
  return {
    caseId: refundRequiredCaseId(order.merchantUid),
    kind: 'refund_required' as const,
    uid: order.uid,
    userEmail: order.userEmail,
    merchantUid: order.merchantUid,
    refundSources: refundWays.map((way) => way.source),
    refundWays,
    payMethod: order.payMethod,
    pg: order.pg,
    planName: order.planName,
    amount: taken.amount,
    currency: taken.currency,
    reason: changes.failureMessage ?? order.failureMessage ?? '',
  };
}

/**
 * A refund_required order whose money is back (returned by the confirmation, or by an operator): the
 * order becomes refunded and leaves the attention page in one transaction, with `also` (the operator's
 * activity). Answers false when the order was no longer refund_required (another caller ended it).
 */
export async function markRefundReturned(
  merchantUid: string,
  also: (
    tx: Pick<TransactionEntities, 'userActivity' | 'attentionCase'>,
  ) => Array<ReturnType<typeof activityCommit> | ReturnType<typeof raiseCaseItem>> = () => [],
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((tx) => [
      tx.paymentOrder
        .patch({ merchantUid })
        .set({ status: 'refunded' })
        .where(statusIn(['refund_required']))
        .commit(),
      endCaseItem(tx, refundRequiredCaseId(merchantUid)),
      ...also(tx),
    ])
    .go();
  return !canceled;
}

/** Claims an open order for the one caller that will charge it (a billing key or the wallet). */
export function claimOrderForCharge(merchantUid: string): Promise<PaymentOrder | undefined> {
  return updateOrderFrom(merchantUid, ['created'], { status: 'charging' });
}

/**
 * Takes over an order left charging whose charge never arrived, for the one caller that charges it
 * again: only while the order is still as that caller read it (its `updated` unchanged), so that of
 * concurrent callers one charges.
 */
export async function reclaimCharge(order: PaymentOrder): Promise<PaymentOrder | undefined> {
  try {
    const { data } = await db()
      .entities.paymentOrder.patch({ merchantUid: order.merchantUid })
      .set({ status: 'charging' })
      .where((attr, op) => `${op.eq(attr.status, 'charging')} AND ${op.eq(attr.updated, order.updated)}`)
      .go({ response: 'all_new' });
    return data as PaymentOrder;
  } catch (error) {
    if (String((error as Error).message).includes('conditional request failed')) return undefined;
    throw error;
  }
}

/** Marks that the virtual account's text went out; false when it already had (it goes once). */
export async function claimOrderSms(merchantUid: string, at: number): Promise<boolean> {
  try {
    await db()
      .entities.paymentOrder.patch({ merchantUid })
      .set({ smsSentAt: at })
      .where((attr, op) => op.notExists(attr.smsSentAt))
      .go();
    return true;
  } catch (error) {
    if (String((error as Error).message).includes('conditional request failed')) return false;
    throw error;
  }
}

/** Takes back the text mark after the SMS service failed, so that a retry can send it. */
export async function releaseOrderSms(merchantUid: string): Promise<void> {
  await db().entities.paymentOrder.patch({ merchantUid }).remove(['smsSentAt']).go();
}
