import { DIRECT_DEPOSIT_PG } from '../../../shared/direct-deposits/direct-deposit.ts';
import { issueDepositCashReceipt } from '../cash-receipts/cash-receipts.ts';
import type { LedgerEntry } from '../data/finance-repository.ts';
import { getTaxInvoiceProfile } from '../data/tax-invoice-repository.ts';
import { getPayment } from '../data/user-plan-repository.ts';
import { recordInvoiceRequest } from './tax-invoices.ts';

/**
 * A direct deposit in won (money paid outside the provider, granted by an operator: functions/core/
 * direct-deposits) gets the document any cash payment gets, found by its ledger entry by the tax
 * documents' run: the invoice request of a business account (issued like an order's, at once or with the
 * month's), or else its cash receipt (cash-receipts.ts issueDepositCashReceipt). A deposit of nothing (an
 * event's) moved no money and gets none. Once per deposit, however often the entry is read.
 */
export async function depositDocuments(entry: LedgerEntry): Promise<'invoice' | 'cash_receipt' | 'none'> {
  if (
    entry.kind !== 'payment' ||
    entry.pg !== DIRECT_DEPOSIT_PG ||
    entry.currency !== 'KRW' ||
    entry.amount <= 0
  )
    return 'none';
  const payment = await getPayment(entry.merchantUid);
  if (!payment) return 'none';
  const profile = await getTaxInvoiceProfile(payment.uid);
  if (profile) {
    await recordInvoiceRequest(
      {
        merchantUid: payment.merchantUid,
        uid: payment.uid,
        userEmail: payment.userEmail,
        planName: payment.planName,
        payMethod: payment.payMethod,
        amount: payment.price,
        currency: payment.currency,
        paidAt: payment.paidAt,
      },
      profile,
      'requested',
    );
    return 'invoice';
  }
  return (await issueDepositCashReceipt(payment)) ? 'cash_receipt' : 'none';
}
