import { validPlanName } from '../../../shared/admin/user-plan-actions.ts';
import type { AdminPaymentRow, AdminPlanRow } from '../../../shared/api/admin-payments.ts';
import { nowMs } from '../clock.ts';
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
  const [plans, payments, contact] = await Promise.all([
    listUserPlans(uid),
    listPaymentsByUser(uid),
    getPaymentContact(uid),
  ]);
  const checkedAt = nowMs();
  const planRows = plans.map(toPlanRow).sort((a, b) => b.created - a.created);
  return {
    plans: planRows,
    payments: payments.map(toPaymentRow).sort((a, b) => b.paidAt - a.paidAt),
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
