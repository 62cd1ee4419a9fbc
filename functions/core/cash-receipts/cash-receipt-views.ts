import { type CashReceiptView, maskedIdentifier } from '../../../shared/cash-receipts/cash-receipt-rules.ts';
import { type CashReceipt, getCashReceipt, getCashReceipts } from '../data/cash-receipt-repository.ts';

/** A cash receipt as the billing page, the console's payment rows and the receipt mail show it. */
export function cashReceiptView(receipt: CashReceipt): CashReceiptView {
  return {
    state: receipt.state,
    purpose: receipt.purpose,
    selfIssued: receipt.selfIssued,
    amount: receipt.amount,
    ...(receipt.approvalNumber ? { approvalNumber: receipt.approvalNumber } : {}),
    ...(receipt.selfIssued ? {} : { identifier: maskedIdentifier(receipt.identifier) }),
    ...(receipt.receiptUrl ? { receiptUrl: receipt.receiptUrl } : {}),
  };
}

/** The receipts of a page of payments, by merchantUid, as the billing page and the console show them. */
export async function cashReceiptViews(
  merchantUids: readonly string[],
): Promise<Map<string, CashReceiptView>> {
  const receipts = await getCashReceipts(merchantUids);
  return new Map([...receipts].map(([merchantUid, receipt]) => [merchantUid, cashReceiptView(receipt)]));
}

export async function orderCashReceiptView(merchantUid: string): Promise<CashReceiptView | undefined> {
  const receipt = await getCashReceipt(merchantUid);
  return receipt ? cashReceiptView(receipt) : undefined;
}
