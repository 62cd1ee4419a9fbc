import { PRODUCT_REFUND_SOURCE } from '../../../shared/refunds/refund-session.ts';
import { refundSourceChoices, refundSourceOf } from '../../../shared/refunds/refund-sources.ts';
import type { PaidCounter } from '../../../shared/usage/usage-rules.ts';
import { eraserResetItem } from '../usage-eraser/eraser.ts';
import {
  endCaseItem,
  planHeldCaseId,
  raiseCaseItem,
  refundRequiredCaseId,
  settledCaseItem,
  vbankExpiredCaseId,
} from './attention-repository.ts';
import type { CouponRedemption } from './coupon-repository.ts';
import { couponReleaseItems, couponTakeItems, getCouponRedemption } from './coupon-repository.ts';
import type { OrderStatus, PaymentOrderItem } from './entities/payment-order.ts';
import { db } from './service.ts';
import {
  conditionFailed,
  type ItemOutcomes,
  lostToConcurrentWrite,
  type TransactionEntities,
} from './transaction.ts';
import type { activityCommit } from './user-activity-repository.ts';
import type { Payment, UserPlan, UserPlanHead } from './user-plan-repository.ts';

export type PaymentOrder = PaymentOrderItem;
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
function statusIn(statuses: readonly OrderStatus[]): OrderCondition {
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

export async function getOrder(merchantUid: string): Promise<PaymentOrder | undefined> {
  const { data } = await db().entities.paymentOrder.get({ merchantUid }).go();
  return data ?? undefined;
}

/** A user's orders in creation order (the console's payment progress). */
export async function listOrdersByUser(uid: string): Promise<PaymentOrder[]> {
  const { data } = await db().entities.paymentOrder.query.byUser({ uid }).go({ pages: 'all' });
  return data;
}

type OrderChanges = Partial<
  Pick<
    PaymentOrderItem,
    | 'status'
    | 'impUid'
    | 'failureType'
    | 'failureCode'
    | 'failureMessage'
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

/** A virtual account's order paid or closed: its due date's case (if any) is settled with it. */
function vbankSettledItems(tx: TransactionEntities, order: PaymentOrder) {
  return order.payMethod === 'vbank' ? [settledCaseItem(tx, vbankExpiredCaseId(order.merchantUid))] : [];
}

/**
 * A refund_required order's case. Its money can go back its own way (the wallet, or the provider for
 * a card) or to the product account; a virtual account's only to the product account, since the
 * provider returns a deposit only to a bank account the customer gives.
 */
/** An amount in the currency it was paid in (a payment's may be one the product does not sell in). */
export interface Money {
  amount: number;
  currency: string;
}

function refundRequiredCase(order: PaymentOrder, changes: OrderChanges, taken: Money) {
  const walletPaymentId = changes.walletPaymentId ?? order.walletPaymentId;
  const own = refundSourceOf({ pg: order.pg, ...(walletPaymentId ? { walletPaymentId } : {}) });
  const throughProvider =
    own !== 'portone' || (order.payMethod !== 'vbank' && (changes.impUid ?? order.impUid));
  return {
    caseId: refundRequiredCaseId(order.merchantUid),
    kind: 'refund_required' as const,
    uid: order.uid,
    userEmail: order.userEmail,
    merchantUid: order.merchantUid,
    refundSources: throughProvider ? refundSourceChoices(own) : [PRODUCT_REFUND_SOURCE],
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
  also: (tx: TransactionEntities) => ReturnType<typeof activityCommit>[] = () => [],
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

/** How the grant takes the order's coupon (see couponTakeItems): the hold read before the grant. */
export interface CouponUse {
  couponCode: string;
  existing: CouponRedemption | undefined;
  nowMs: number;
}

export type GrantOutcome =
  /** This call granted the plan. */
  | 'granted'
  /** The order was no longer open: another call granted it (or it ended). */
  | 'order-closed'
  /** The user's plans changed meanwhile (another grant, a renewal): read again and decide again. */
  | 'plans-changed'
  /** The coupon could not be used for the order (its redemption changed, or none is free). */
  | 'coupon-lost'
  /** The order took the preregistration discount, but the account's preregistration is used meanwhile. */
  | 'preregistration-used'
  /** Lost to a concurrent transaction on the same items: try again. */
  | 'conflict';

/** A new plan as the grant writes it. */
export type NewUserPlan = Omit<UserPlan, 'created' | 'updated'>;

/** What a renewal changes on the plan it extends. */
export type RenewalChanges = Pick<
  UserPlan,
  | 'paidAt'
  | 'expiredAt'
  | 'price'
  | 'paidMerchantUid'
  | 'sttLimit'
  | 'ttsLimit'
  | 'translateLimit'
  | 'genimageLimit'
  | 'cloudStorageLimit'
  | 'userTTSSpeakerLimit'
>;

/**
 * What a paid order does besides being recorded (see PaymentOrder's paymentType):
 * - new-plan: the plan is added and becomes the user's current plan;
 * - renewal: the plan's period moves on, if it is still the period the renewal was charged for;
 * - upgrade: the new plan is added and becomes current, the plan it replaces ends now, if that plan is
 *   still as it was when the upgrade was ordered;
 * - eraser: one paid counter of this month goes back to zero.
 */
export type GrantEffect =
  | { kind: 'new-plan'; plan: NewUserPlan }
  | { kind: 'renewal'; planId: string; expiredAt: number; changes: RenewalChanges }
  | { kind: 'upgrade'; plan: NewUserPlan; replaced: { planId: string; expiredAt: number } }
  | { kind: 'eraser'; counter: PaidCounter };

/** The head moving on to `planId` (created with the user's first plan), only from the version read. */
function headItems(
  tx: TransactionEntities,
  uid: string,
  head: UserPlanHead | undefined,
  current: Pick<UserPlan, 'planId' | 'expiredAt'>,
) {
  const values = { currentPlanId: current.planId, currentExpiredAt: current.expiredAt };
  return head
    ? tx.userPlanHead
        .patch({ uid })
        .set({ version: head.version + 1, ...values })
        .where((attr, op) => op.eq(attr.version, head.version))
        .commit()
    : tx.userPlanHead.create({ uid, version: 1, ...values }).commit();
}

/**
 * A plan granted outside an order (a direct deposit): the payment (only if no payment has its
 * merchantUid, so it grants once), the plan, and the plan head moved on from the version read.
 */
export function planGrantItems(
  tx: TransactionEntities,
  input: { payment: Omit<Payment, 'created'>; plan: NewUserPlan; head: UserPlanHead | undefined },
) {
  const { payment, plan, head } = input;
  return [
    tx.payment.create(payment).commit(),
    tx.userPlan.create(plan).commit(),
    headItems(tx, plan.uid, head, plan),
  ] as const;
}

function effectItems(
  tx: TransactionEntities,
  order: PaymentOrder,
  effect: GrantEffect,
  head: UserPlanHead | undefined,
) {
  const uid = order.uid;
  switch (effect.kind) {
    case 'new-plan':
      return [
        tx.userPlan.create(effect.plan).commit(),
        headItems(tx, uid, head, effect.plan),
        tx.paymentContact
          .put({
            uid,
            contactName: order.userName,
            contactEmail: order.userEmail,
            contactPhoneNumber: order.userPhone,
          })
          .commit(),
        tx.paymentPhone.put({ phoneNumber: order.userPhone, uid, email: order.userEmail }).commit(),
      ];
    case 'renewal':
      return [
        tx.userPlan
          .patch({ uid, planId: effect.planId })
          .set({ ...effect.changes, planStatus: 'PAID' })
          .remove(['bonusQuota'])
          .where(
            (attr, op) =>
              `${op.eq(attr.expiredAt, effect.expiredAt)} AND (${op.eq(attr.planStatus, 'PAID')} OR ${op.eq(attr.planStatus, 'HOLD')})`,
          )
          .commit(),
        headItems(tx, uid, head, { planId: effect.planId, expiredAt: effect.changes.expiredAt }),
        // A held plan renewed needs no operator any more.
        settledCaseItem(tx, planHeldCaseId(uid, effect.planId)),
      ];
    case 'upgrade':
      return [
        tx.userPlan.create(effect.plan).commit(),
        tx.userPlan
          .patch({ uid, planId: effect.replaced.planId })
          .set({ expiredAt: effect.plan.paidAt, planStatus: 'UNSCHEDULED' })
          .where((attr, op) => op.eq(attr.expiredAt, effect.replaced.expiredAt))
          .commit(),
        headItems(tx, uid, head, effect.plan),
      ];
    case 'eraser':
      return [
        tx.userPlanHead
          .check({ uid })
          .where((attr, op) => op.eq(attr.version, head?.version ?? 0))
          .commit(),
        eraserResetItem(tx, uid, effect.counter),
      ];
  }
}

/**
 * The grant: in one transaction the order becomes paid (only if it is still open), the payment is
 * recorded (only if no payment has this merchantUid), the order's effect is written on the condition
 * that the user's plans are still as read (the plan head at the version read, the plan renewed or
 * replaced unchanged), the preregistration coupon whose discount the price took becomes used, and the
 * coupon's redemption becomes its usage record. Any failed condition
 * cancels all of it: whatever the number of concurrent or repeated confirmations, one grant happens.
 */
export async function grantOrder(input: {
  order: PaymentOrder;
  paidChanges: OrderChanges;
  payment: Omit<Payment, 'created'>;
  effect: GrantEffect;
  head: UserPlanHead | undefined;
  coupon: CouponUse | undefined;
}): Promise<GrantOutcome> {
  const { order, coupon } = input;
  let effectCount = 0;
  const { canceled, data } = await db()
    .transaction.write((tx) => {
      const effects = effectItems(tx, order, input.effect, input.head);
      effectCount = effects.length;
      return [
        tx.paymentOrder
          .patch({ merchantUid: order.merchantUid })
          .set({ ...input.paidChanges, status: 'paid' })
          .where(statusIn(GRANTABLE_STATUSES))
          .commit(),
        tx.payment.create(input.payment).commit(),
        ...effects,
        ...(order.preregistrationPercent
          ? [
              tx.preregistration
                .patch({ uid: order.uid })
                .set({ used: input.payment.paidAt })
                .where((attr, op) => op.notExists(attr.used))
                .commit(),
            ]
          : []),
        ...(coupon
          ? couponTakeItems(tx, {
              couponCode: coupon.couponCode,
              uid: order.uid,
              merchantUid: order.merchantUid,
              heldUntil: coupon.nowMs,
              nowMs: coupon.nowMs,
              existing: coupon.existing,
              usage: {
                userName: order.userName,
                userEmail: order.userEmail,
                ...(order.customerUid ? { customerUid: order.customerUid } : {}),
                planName: order.planName,
                payMethod: order.payMethod,
                price: input.payment.price,
                currency: order.currency,
                paidAt: input.payment.paidAt,
              },
            })
          : []),
        // Unconditional, last: it never refuses the grant.
        ...vbankSettledItems(tx, order),
      ];
    })
    .go();
  if (!canceled) return 'granted';
  const outcomes = data as ItemOutcomes;
  const failedAt = (from: number, count: number) =>
    Array.from({ length: count }, (_, offset) => from + offset).some((index) =>
      conditionFailed(outcomes, index),
    );
  if (failedAt(0, 2)) return 'order-closed';
  if (failedAt(2, effectCount)) return 'plans-changed';
  const preregistrationCount = order.preregistrationPercent ? 1 : 0;
  if (failedAt(2 + effectCount, preregistrationCount)) return 'preregistration-used';
  const couponFrom = 2 + effectCount + preregistrationCount;
  if (failedAt(couponFrom, outcomes.length - couponFrom)) return 'coupon-lost';
  if (lostToConcurrentWrite(outcomes)) return 'conflict';
  throw new Error(`The grant of ${order.merchantUid} was refused: ${JSON.stringify(outcomes)}`);
}
