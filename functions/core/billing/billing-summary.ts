import type { BillingPayment, BillingPlan, BillingState } from '../../../shared/api/billing.ts';
import { WALLET_PAY_METHOD } from '../../../shared/payments/pay-methods.ts';
import { DIRECT_DEPOSIT_CUSTOMER_UID, planActions } from '../../../shared/subscriptions/plan-actions.ts';
import { renewalPrice } from '../../../shared/subscriptions/renewal-reminder.ts';
import { getBillingKey } from '../adapters/payment-provider/portone.ts';
import { cashReceiptViews } from '../cash-receipts/cash-receipt-views.ts';
import { nowMs } from '../clock.ts';
import { pagePaymentsByUser } from '../data/billing-repository.ts';
import { latestUserPlan, type Payment, type UserPlan } from '../data/user-plan-repository.ts';
import { logger } from '../logger.ts';
import { taxInvoiceViews } from '../tax-invoices/invoice-views.ts';

/**
 * The billing page's view of an account (issue 17 part 3): the latest plan while it has not ended (a
 * held plan stays, so its customer sees why and how to bring it back), judged by the same plan-state
 * rules as the console and the server's own refusals, at the server's time (the test clock counts).
 */
export async function billingSummary(uid: string): Promise<{ plan: BillingPlan | null; checkedAt: number }> {
  const checkedAt = nowMs();
  const plan = await latestUserPlan(uid);
  if (!plan || (plan.expiredAt <= checkedAt && plan.planStatus !== 'HOLD')) return { plan: null, checkedAt };
  const actions = planActions(plan, checkedAt);
  const state = billingState(plan);
  return {
    checkedAt,
    plan: {
      planName: plan.planName,
      planType: plan.planType,
      period: plan.period,
      isSubscription: plan.isSubscription,
      state,
      ...(state === 'on-hold' ? { holdReason: 'renewal-declined' as const } : {}),
      ...(plan.paidAt === undefined ? {} : { paidAt: plan.paidAt }),
      expiredAt: plan.expiredAt,
      nextCharge:
        state === 'active'
          ? { at: plan.expiredAt, amount: renewalPrice(plan), currency: plan.currency }
          : null,
      chargedTo: plan.isSubscription ? await chargedTo(plan) : null,
      actions: {
        cancelRenewal: actions.unsubscribe && plan.isSubscription,
        resumeRenewal: actions.resubscribe,
        changeCard: actions.changeCard,
        upgrade: actions.upgrade,
        eraser: actions.eraser,
        refund: actions.refund,
      },
    },
  };
}

function billingState(plan: UserPlan): BillingState {
  if (plan.planStatus === 'HOLD') return 'on-hold';
  if (plan.planStatus === 'UNSCHEDULED') return plan.isSubscription ? 'cancels' : 'ends';
  return 'active';
}

/**
 * The card (issuer and masked number, as the provider keeps the billing key) or the wallet. A provider
 * that does not answer leaves the card unnamed: the page must not fail for a detail.
 */
async function chargedTo(plan: UserPlan): Promise<BillingPlan['chargedTo']> {
  if (plan.payMethod === WALLET_PAY_METHOD) return { kind: 'wallet' };
  if (!plan.customerUid || plan.customerUid === DIRECT_DEPOSIT_CUSTOMER_UID) return null;
  try {
    const key = await getBillingKey(plan.customerUid);
    return {
      kind: 'card',
      ...(key?.cardName ? { cardName: key.cardName } : {}),
      ...(key?.cardNumber ? { cardNumber: key.cardNumber } : {}),
    };
  } catch (error) {
    logger.warn('The billing key could not be read for the billing page', { planId: plan.planId, error });
    return { kind: 'card' };
  }
}

/** A page of the account's payments, newest first, as the billing page lists them. */
export async function paymentHistory(
  uid: string,
  cursor: string | undefined,
  limit: number,
): Promise<{ result: BillingPayment[]; cursor: string | null }> {
  const page = await pagePaymentsByUser(uid, { cursor: cursor ?? null, limit });
  const merchantUids = page.payments.map((payment) => payment.merchantUid);
  const [cashReceipts, taxInvoices] = await Promise.all([
    cashReceiptViews(merchantUids),
    taxInvoiceViews(merchantUids),
  ]);
  return {
    result: page.payments.map((payment) => {
      const cashReceipt = cashReceipts.get(payment.merchantUid);
      const invoice = taxInvoices.get(payment.merchantUid);
      return {
        ...historyRow(payment),
        ...(cashReceipt ? { cashReceipt } : {}),
        ...(invoice ? { taxInvoice: invoice } : {}),
      };
    }),
    cursor: page.cursor,
  };
}

function historyRow(payment: Payment): BillingPayment {
  return {
    merchantUid: payment.merchantUid,
    paidAt: payment.paidAt,
    planName: payment.planName,
    paymentType: payment.paymentType,
    amount: payment.price,
    currency: payment.currency,
    status: payment.status,
    refundedAmount: payment.cancelledAmount,
    ...(payment.receiptUrl ? { receiptUrl: payment.receiptUrl } : {}),
  };
}
