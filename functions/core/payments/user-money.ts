import type { AdminPaymentRow, AdminPlanRow } from '../../../shared/api/payments.ts';
import {
  countsAsReset,
  FREE_COUNTERS,
  freeResetDate,
  PAID_COUNTERS,
  paidResetDate,
} from '../../../shared/usage/usage-rules.ts';
import { latestPlan, validPlanName } from '../../../shared/users/user-plan-actions.ts';
import { cashReceiptViews } from '../cash-receipts/cash-receipt-views.ts';
import { nowMs } from '../clock.ts';
import { getUsageCounters } from '../data/usage-repository.ts';
import {
  getPaymentContact,
  listPaymentsByUser,
  listUserPlans,
  type Payment,
  type UserPlan,
} from '../data/user-plan-repository.ts';

/**
 * The money sections of the user detail (admin-console.md sections 2 and 3): plans and payments newest
 * first, the payment contact, and the valid plan judged at the server's time (the test clock counts).
 */
export async function userMoneySections(uid: string) {
  const [plans, payments, contact, counter] = await Promise.all([
    listUserPlans(uid),
    listPaymentsByUser(uid),
    getPaymentContact(uid),
    getUsageCounters(uid),
  ]);
  const cashReceipts = await cashReceiptViews(payments.map((payment) => payment.merchantUid));
  const checkedAt = nowMs();
  const planRows = plans.map(toPlanRow).sort((a, b) => b.created - a.created);
  return {
    usage: usageCounters(counter ?? {}, latestPlan(planRows)?.paidAt, checkedAt),
    plans: planRows,
    payments: payments
      .map((payment) => {
        const cashReceipt = cashReceipts.get(payment.merchantUid);
        return { ...toPaymentRow(payment), ...(cashReceipt ? { cashReceipt } : {}) };
      })
      .sort((a, b) => b.paidAt - a.paidAt),
    paymentContactInfo: contact
      ? {
          contactName: contact.contactName,
          contactEmail: contact.contactEmail,
          contactPhoneNumber: contact.contactPhoneNumber,
        }
      : null,
    validPlan: validPlanName(planRows, checkedAt),
    checkedAt,
  };
}

export function toPlanRow(plan: UserPlan): AdminPlanRow {
  return {
    planId: plan.planId,
    created: plan.created,
    planName: plan.planName,
    paidAt: plan.paidAt,
    expiredAt: plan.expiredAt,
    planStatus: plan.planStatus,
    isSubscription: plan.isSubscription,
    ...(plan.customerUid ? { customerUid: plan.customerUid } : {}),
  };
}

export function toPaymentRow(payment: Payment): AdminPaymentRow {
  return {
    uid: payment.uid,
    paidAt: payment.paidAt,
    planName: payment.planName,
    payMethod: payment.payMethod,
    pg: payment.pg,
    price: payment.price,
    currency: payment.currency,
    cancelledAmount: payment.cancelledAmount,
    userName: payment.userName,
    userEmail: payment.userEmail,
    userPhone: payment.userPhone,
    status: payment.status,
    merchantUid: payment.merchantUid,
    ...(payment.customerUid ? { customerUid: payment.customerUid } : {}),
    ...(payment.impUid ? { impUid: payment.impUid } : {}),
    paymentType: payment.paymentType,
  };
}

type Counters = Partial<Record<(typeof FREE_COUNTERS)[number] | (typeof PAID_COUNTERS)[number], number>> & {
  lastUpdatedMonthly?: number | undefined;
  paidLastUpdatedMonthly?: number | undefined;
};

/**
 * The monthly counters as the app counts them now: a group whose last update precedes its reset date
 * (the FREE month's start, the paid plan's monthly anniversary) reads zero, as the next recording
 * would overwrite it. The last-update times are shown beside them.
 */
export function usageCounters(stored: Counters, paidAt: number | undefined, now: number) {
  const freeReset = countsAsReset(stored.lastUpdatedMonthly, freeResetDate(now));
  const paidReset =
    paidAt === undefined || countsAsReset(stored.paidLastUpdatedMonthly, paidResetDate(paidAt, now));
  const read = <Name extends keyof Counters>(names: readonly Name[], reset: boolean) =>
    Object.fromEntries(names.map((name) => [name, reset ? 0 : (stored[name] ?? 0)])) as Record<Name, number>;
  return {
    free: read(FREE_COUNTERS, freeReset),
    paid: read(PAID_COUNTERS, paidReset),
    ...(stored.lastUpdatedMonthly ? { lastUpdatedMonthly: stored.lastUpdatedMonthly } : {}),
    ...(stored.paidLastUpdatedMonthly ? { paidLastUpdatedMonthly: stored.paidLastUpdatedMonthly } : {}),
  };
}
