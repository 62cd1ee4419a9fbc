import type { CashReceiptView } from '../../../shared/cash-receipts/cash-receipt-rules.ts';
import { TAX_DOCUMENTS_TARGET } from '../../../shared/jobs/schedules.ts';
import { invoiceStateAtPayment } from '../../../shared/tax-invoices/tax-invoice-rules.ts';
import { scheduleOnce } from '../adapters/scheduler.ts';
import { issueOrderCashReceipt } from '../cash-receipts/cash-receipts.ts';
import { nowMs } from '../clock.ts';
import type { PaymentOrder } from '../data/order-reads.ts';
import { getTaxInvoiceProfile } from '../data/tax-invoice-repository.ts';
import { getPayment } from '../data/user-plan-repository.ts';
import { logger } from '../logger.ts';
import type { TaxDocumentsEvent } from './tax-documents-run.ts';
import { recordInvoiceRequest } from './tax-invoices.ts';

/**
 * The documents a granted order owes, right after its grant and before its receipt mail: the cash
 * receipt of a cash payment (issued through the provider), then, for a business account, the invoice
 * request (served already by a card slip or the cash receipt). An invoice asked at once is issued by the
 * tax documents' run a minute later (scheduled here: the payment's own function asks Popbill nothing),
 * and by its hourly run should that schedule be lost. Idempotent, keyed by the merchantUid: a repeated
 * confirmation of a paid order finishes what a run that died left undone. Never fails the payment: a
 * failure is logged, and the next confirmation of the order takes the step again.
 */
export async function issuePaymentDocuments(
  order: PaymentOrder,
  paid: { paidAt: number; amount: number; impUid?: string | undefined },
): Promise<CashReceiptView | undefined> {
  try {
    const profile = await getTaxInvoiceProfile(order.uid);
    const cashReceipt = await issueOrderCashReceipt(order, paid, Boolean(profile));
    if (profile) {
      const state = invoiceStateAtPayment({
        payMethod: order.payMethod,
        hasCashReceipt: Boolean(cashReceipt),
      });
      await recordInvoiceRequest(
        {
          merchantUid: order.merchantUid,
          uid: order.uid,
          userEmail: order.userEmail,
          planName: order.planName,
          payMethod: order.payMethod,
          amount: order.finalPrice,
          currency: order.currency,
          paidAt: paid.paidAt,
        },
        profile,
        state,
      );
      if (state === 'requested' && profile.timing === 'each') await scheduleInvoiceIssue(order.merchantUid);
    }
    return cashReceipt;
  } catch (error) {
    logger.error('The payment documents could not be made; the next confirmation makes them', {
      merchantUid: order.merchantUid,
      error,
    });
    return undefined;
  }
}

/** The scheduler's precision is a minute: the payment's invoice is asked for a minute after it. */
const ISSUE_DELAY_MS = 60_000;

/** The tax documents' run for one payment's invoice, a minute from now (once, however often asked). */
export async function scheduleInvoiceIssue(merchantUid: string): Promise<void> {
  await scheduleOnce({
    name: `tax-invoice-${merchantUid}`,
    at: new Date(nowMs() + ISSUE_DELAY_MS),
    targetId: TAX_DOCUMENTS_TARGET.id,
    payload: { merchantUid } satisfies TaxDocumentsEvent,
  });
}

/** The same step for an order confirmed again after its grant, from the payment it recorded. */
export async function issuePaymentDocumentsAgain(order: PaymentOrder): Promise<void> {
  const payment = await getPayment(order.merchantUid).catch(() => undefined);
  if (!payment) return;
  await issuePaymentDocuments(order, {
    paidAt: payment.paidAt,
    amount: payment.price,
    impUid: payment.impUid,
  });
}
