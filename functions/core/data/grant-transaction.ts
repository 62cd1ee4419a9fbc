import type { PaidCounter } from '../../../shared/usage/usage-rules.ts';
import { planHeldCaseId, settledCaseItem } from './attention-repository.ts';
import { tableService } from './client.ts';
import type { CouponRedemption } from './coupon-repository.ts';
import { couponTakeItems } from './coupon-repository.ts';
import { receiptDueItem } from './customer-mail-repository.ts';
import { AttentionCase } from './entities/attention-case.ts';
import { Coupon, CouponRedemption as CouponRedemptionEntity } from './entities/coupon.ts';
import { CustomerMail } from './entities/customer-mail.ts';
import { LedgerEntry } from './entities/ledger-entry.ts';
import { Payment as PaymentEntity } from './entities/payment.ts';
import { PaymentContact, PaymentPhone } from './entities/payment-contact.ts';
import { PaymentOrder as PaymentOrderEntity } from './entities/payment-order.ts';
import { Preregistration } from './entities/preregistration.ts';
import { UsageCounter } from './entities/usage.ts';
import { UserPlan as UserPlanEntity, UserPlanHead as UserPlanHeadEntity } from './entities/user-plan.ts';
import { ledgerItem, paymentEntry } from './finance-repository.ts';
import type { PaymentOrder } from './order-reads.ts';
import { GRANTABLE_STATUSES, type OrderChanges, statusIn, vbankSettledItems } from './order-repository.ts';
import {
  conditionFailed,
  type ItemOutcomes,
  lostToConcurrentWrite,
  type TransactionEntities,
} from './transaction.ts';
import { eraserResetItem } from './usage-repository.ts';
import type { Payment, UserPlan, UserPlanHead } from './user-plan-repository.ts';

const db = tableService({
  attentionCase: AttentionCase,
  coupon: Coupon,
  couponRedemption: CouponRedemptionEntity,
  customerMail: CustomerMail,
  ledgerEntry: LedgerEntry,
  payment: PaymentEntity,
  paymentContact: PaymentContact,
  paymentOrder: PaymentOrderEntity,
  paymentPhone: PaymentPhone,
  preregistration: Preregistration,
  userPlan: UserPlanEntity,
  userPlanHead: UserPlanHeadEntity,
  usageCounter: UsageCounter,
});

/**
 * The grant transaction: a paid order, its payment and its effect (a plan added, renewed or upgraded,
 * an eraser's reset), the preregistration and the coupon, written together or not at all.
 */

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

/** The change of plan a renewal applies: the scheduled change it names, and the plan it moves to. */
export interface RenewalPlanChange {
  changeId: string;
  plan: Pick<UserPlan, 'planName' | 'planType' | 'period' | 'catalogue'>;
}

/**
 * What a paid order does besides being recorded (see PaymentOrder's paymentType):
 * - new-plan: the plan is added and becomes the user's current plan;
 * - renewal: the plan's period moves on, if it is still the period the renewal was charged for and the
 *   plan still holds the change of plan the renewal charged for (or none): with a change, the plan
 *   becomes the new plan, period and price, and the change is done;
 * - upgrade: the new plan is added and becomes current, the plan it replaces ends now, if that plan is
 *   still as it was when the upgrade was ordered;
 * - eraser: one paid counter of this month goes back to zero.
 */
export type GrantEffect =
  | { kind: 'new-plan'; plan: NewUserPlan }
  | {
      kind: 'renewal';
      planId: string;
      expiredAt: number;
      changes: RenewalChanges;
      planChange?: RenewalPlanChange | undefined;
    }
  | { kind: 'upgrade'; plan: NewUserPlan; replaced: { planId: string; expiredAt: number } }
  | { kind: 'eraser'; counter: PaidCounter };

/** The head moving on to `planId` (created with the user's first plan), only from the version read. */
function headItems(
  tx: Pick<TransactionEntities, 'userPlanHead'>,
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
 * merchantUid, so it grants once), the plan, the plan head moved on from the version read, and the
 * payment's ledger entry.
 */
export function planGrantItems(
  tx: Pick<TransactionEntities, 'ledgerEntry' | 'payment' | 'userPlan' | 'userPlanHead'>,
  input: { payment: Omit<Payment, 'created'>; plan: NewUserPlan; head: UserPlanHead | undefined },
) {
  const { payment, plan, head } = input;
  return [
    tx.payment.create(payment).commit(),
    tx.userPlan.create(plan).commit(),
    headItems(tx, plan.uid, head, plan),
    ledgerItem(tx, paymentEntry(payment)),
  ] as const;
}

function effectItems(
  tx: Pick<
    TransactionEntities,
    'attentionCase' | 'paymentContact' | 'paymentPhone' | 'usageCounter' | 'userPlan' | 'userPlanHead'
  >,
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
    case 'renewal': {
      const { planChange } = effect;
      return [
        tx.userPlan
          .patch({ uid, planId: effect.planId })
          .set({ ...effect.changes, ...planChange?.plan, planStatus: 'PAID' })
          // A change's price is the new plan's own: what it renews at next is what it was charged.
          .remove(
            planChange
              ? ['bonusQuota', 'planChange', 'renewalBegunFor', 'scheduledPrice']
              : ['bonusQuota', 'renewalBegunFor'],
          )
          .where(
            (attr, op) =>
              `${op.eq(attr.expiredAt, effect.expiredAt)} AND (${op.eq(attr.planStatus, 'PAID')} OR ${op.eq(attr.planStatus, 'HOLD')}) AND ${
                planChange
                  ? op.eq(attr.planChange.changeId, planChange.changeId)
                  : op.notExists(attr.planChange)
              }`,
          )
          .commit(),
        headItems(tx, uid, head, { planId: effect.planId, expiredAt: effect.changes.expiredAt }),
        // A held plan renewed needs no operator any more.
        settledCaseItem(tx, planHeldCaseId(uid, effect.planId)),
      ];
    }
    case 'upgrade':
      return [
        tx.userPlan.create({ ...effect.plan, upgradedFrom: effect.replaced.planId }).commit(),
        tx.userPlan
          .patch({ uid, planId: effect.replaced.planId })
          .set({ expiredAt: effect.plan.paidAt, planStatus: 'UNSCHEDULED', replacedBy: effect.plan.planId })
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
 * recorded (only if no payment has this merchantUid) with its ledger entry, the order's effect is
 * written on the condition that the user's plans are still as read (the plan head at the version read,
 * the plan renewed or replaced unchanged), the preregistration coupon whose discount the price took
 * becomes used, and the coupon's redemption becomes its usage record. Any failed condition
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
        // Unconditional, last: they never refuse the grant (the ledger entry is a put, written only
        // when the payment is: in this transaction).
        ...vbankSettledItems(tx, order),
        ledgerItem(tx, paymentEntry(input.payment)),
        receiptDueItem(tx, { merchantUid: order.merchantUid, uid: order.uid, now: input.payment.paidAt }),
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
