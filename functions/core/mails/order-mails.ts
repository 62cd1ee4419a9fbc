import type { CashReceiptView } from '../../../shared/cash-receipts/cash-receipt-rules.ts';
import type { Currency } from '../../../shared/currency.ts';
import { periodEnd } from '../../../shared/plans/plan-period.ts';
import type { ProviderPayment } from '../adapters/payment-provider/portone.ts';
import { orderCashReceiptView } from '../cash-receipts/cash-receipt-views.ts';
import { getCustomerMail } from '../data/customer-mail-repository.ts';
import type { PaymentOrder } from '../data/order-reads.ts';
import { getPayment } from '../data/user-plan-repository.ts';
import { textOwed } from '../notices/kakao-notices.ts';
import { periodStart } from '../orders/grant-effects.ts';
import type { ReceiptPurpose } from './customer-mail-texts.ts';
import { type MailOutcome, sendCustomerMail } from './customer-mails.ts';

/** The mails of an order: its receipt once granted, its virtual account once issued. */
function purposeOf(order: PaymentOrder): ReceiptPurpose {
  switch (order.paymentType) {
    case 'renewal':
      return 'renewal';
    case 'upgrade':
      return 'upgrade';
    case 'eraser':
      return 'eraser';
    default:
      return order.payMethod === 'vbank' ? 'deposit' : 'first';
  }
}

const fallbackOf = (order: PaymentOrder) => ({ email: order.userEmail, language: order.language });
/** The notice's event: the order's account, and the number the order gave (for a 알림톡). */
const eventOf = (order: PaymentOrder) => ({
  uid: order.uid,
  eventId: order.merchantUid,
  fallback: fallbackOf(order),
  phone: order.userPhone,
});

/** The receipt of a granted order, from what was paid (the provider's record of it). */
export async function mailReceipt(
  order: PaymentOrder,
  paid: { paidAt: number; amount: number; receiptUrl?: string | undefined },
  cashReceipt?: CashReceiptView,
): Promise<MailOutcome> {
  const start = periodStart(order, paid.paidAt);
  return sendCustomerMail({
    ...eventOf(order),
    mail: {
      kind: 'receipt',
      purpose: purposeOf(order),
      planType: order.planType,
      amount: paid.amount,
      currency: order.currency as Currency,
      payMethod: order.payMethod,
      merchantUid: order.merchantUid,
      ...(order.paymentType === 'eraser'
        ? { usageType: order.usageType }
        : { period: { from: start, to: periodEnd(new Date(start), order.period).getTime() } }),
      ...(order.paymentType === 'upgrade' && order.credit ? { credit: order.credit } : {}),
      ...(paid.receiptUrl ? { receiptUrl: paid.receiptUrl } : {}),
      ...(cashReceipt ? { cashReceipt } : {}),
    },
  });
}

/**
 * The receipt of an order granted before, confirmed again: sent when its mail or its 알림톡 failed (or
 * their sender died) the first time, only what did not go. An order without a marker was granted before
 * receipts existed: none is sent.
 */
export async function mailReceiptAgain(order: PaymentOrder): Promise<MailOutcome> {
  const marker = await getCustomerMail('receipt', order.merchantUid);
  if (!marker || (marker.status === 'sent' && !(await textOwed('receipt', order.merchantUid))))
    return 'sent-before';
  const payment = await getPayment(order.merchantUid);
  if (!payment) return 'sent-before';
  return mailReceipt(
    order,
    { paidAt: payment.paidAt, amount: payment.price, receiptUrl: payment.receiptUrl },
    await orderCashReceiptView(order.merchantUid),
  );
}

/** The virtual account the provider issued for an order, beside the text the order page sends. */
export async function mailVbankIssued(
  order: PaymentOrder,
  vbank: NonNullable<ProviderPayment['vbank']>,
): Promise<void> {
  await sendCustomerMail({
    ...eventOf(order),
    mail: {
      kind: 'vbank-issued',
      planType: order.planType,
      amount: order.amount,
      currency: order.currency as Currency,
      bank: vbank.vbankName,
      accountNumber: vbank.vbankNum,
      holder: vbank.vbankHolder,
      dueAt: vbank.vbankDueDate.getTime(),
    },
  });
}
