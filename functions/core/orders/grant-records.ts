import { limitsWithBonus } from '../../../shared/coupons/coupon-rules.ts';
import { periodEnd } from '../../../shared/plans/plan-period.ts';
import { isSubscriptionPeriod, type PlanUsageInfo } from '../../../shared/plans/plan-types.ts';
import type { PaymentOrder } from '../data/order-reads.ts';
import type { Payment, UserPlan } from '../data/user-plan-repository.ts';

/** What the provider (or the wallet) reports about a payment that took money. */
export interface Receipt {
  paidAt: number;
  amount: number;
  currency: string;
  impUid?: string | undefined;
  walletPaymentId?: string | undefined;
  recurrentId?: string | undefined;
  receiptUrl?: string | undefined;
}

/**
 * The plan an order grants: its period starts when the payment was made; a subscription renews
 * (PAID), a fixed-term pass simply ends (UNSCHEDULED); its limits are the plan type's quotas plus the
 * coupon's bonus.
 */
export function planRecord(
  order: PaymentOrder,
  receipt: Receipt,
  usage: PlanUsageInfo,
): Omit<UserPlan, 'created' | 'updated'> {
  const isSubscription = isSubscriptionPeriod(order.period);
  return {
    uid: order.uid,
    planId: order.merchantUid,
    planName: order.planName,
    planType: order.planType,
    period: order.period,
    isSubscription,
    catalogue: order.catalogue,
    paidAt: receipt.paidAt,
    expiredAt: periodEnd(new Date(receipt.paidAt), order.period).getTime(),
    planStatus: isSubscription ? 'PAID' : 'UNSCHEDULED',
    ...(order.customerUid ? { customerUid: order.customerUid } : {}),
    ...(receipt.recurrentId ? { recurrentId: receipt.recurrentId } : {}),
    price: receipt.amount,
    paidMerchantUid: order.merchantUid,
    ...(isSubscription &&
    // Stryker disable next-line ConditionalExpression: `true`: a scheduledPrice left undefined is none, a renewal charging scheduledPrice ?? price
    order.renewalPrice !== undefined
      ? { scheduledPrice: order.renewalPrice }
      : {}),
    payMethod: order.payMethod,
    pg: order.pg,
    currency: order.currency,
    ...limitsWithBonus(usage, order.bonusQuota),
    cloudStorageLimit: usage.cloudStorageUsage,
    userTTSSpeakerLimit: usage.userTTSSpeakerUsage,
    ...(order.couponCode ? { couponCode: order.couponCode } : {}),
    ...(order.bonusQuota ? { bonusQuota: order.bonusQuota } : {}),
    isTest: order.isTest,
  };
}

/** The payment record of an order's payment. */
export function paymentRecord(order: PaymentOrder, receipt: Receipt): Omit<Payment, 'created'> {
  return {
    merchantUid: order.merchantUid,
    uid: order.uid,
    ...(receipt.impUid ? { impUid: receipt.impUid } : {}),
    ...(receipt.walletPaymentId ? { walletPaymentId: receipt.walletPaymentId } : {}),
    paidAt: receipt.paidAt,
    planName: order.planName,
    payMethod: order.payMethod,
    pg: order.pg,
    price: receipt.amount,
    currency: order.currency,
    userName: order.userName,
    userEmail: order.userEmail,
    userPhone: order.userPhone,
    status: 'paid',
    cancelledAmount: 0,
    ...(order.customerUid ? { customerUid: order.customerUid } : {}),
    paymentType: order.paymentType,
    isTest: order.isTest,
    ...(order.couponCode ? { couponCode: order.couponCode } : {}),
    ...(receipt.receiptUrl ? { receiptUrl: receipt.receiptUrl } : {}),
  };
}
