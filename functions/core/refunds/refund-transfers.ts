import type { HandRefundMeans } from '../../../shared/refunds/hand-refunds.ts';
import { RefundAccountSchema } from '../../../shared/refunds/refund-account.ts';
import { PRODUCT_REFUND_SOURCE } from '../../../shared/refunds/refund-session.ts';
import { noteAuditChange } from '../audit/audit-notes.ts';
import { cashReceiptAfterRefund } from '../cash-receipts/cash-receipts.ts';
import { nowMs } from '../clock.ts';
import { type AttentionCase, getAttentionCase } from '../data/attention-repository.ts';
import { markTransferPaid } from '../data/refund-repository.ts';
import type { Operator } from '../data/user-activity-repository.ts';
import { getPayment } from '../data/user-plan-repository.ts';
import { AdminError } from '../errors.ts';
import { logger } from '../logger.ts';

/**
 * Refunds from the product's account (issue 30, issue 41; shared/refunds/refund-ways.ts): decided by the
 * refund (the plan ended, the payment's cancelled amount moved), owed as a refund_transfer case on the
 * attention page, paid by an operator who marks it paid here with the reference of the payment: in won a
 * bank transfer to the customer's account kept on the case; in another currency one returned by hand
 * outside the provider (a transfer abroad, PayPal), where the operator also says how (`paidVia`). Marking
 * it paid, in one transaction: the case ends (and the account number with it), the ledger's refund entry
 * is written on the day the money left, and the account's activity says who paid it, how, with the
 * reference. The pipeline records the call in the audit trail. A cash payment's receipt then follows.
 */
export async function payTransfer(
  open: AttentionCase,
  paid: { transferReference: string; paidVia?: HandRefundMeans | undefined; note: string },
  operator: Operator,
): Promise<'ended' | 'already-ended'> {
  const { transferReference, note } = paid;
  if (open.kind !== 'refund_transfer' || !open.merchantUid || open.amount === undefined)
    throw new AdminError(
      'invalid_argument',
      'Only a refund owed from the product account can be marked paid',
    );
  // A bank transfer goes to the account kept on the case; a refund by hand says how it went.
  const paidVia = open.refundAccount ? undefined : paid.paidVia;
  if (open.refundAccount && paid.paidVia)
    throw new AdminError('invalid_argument', 'A refund owed by bank transfer is paid by bank transfer');
  if (!open.refundAccount && !paidVia)
    throw new AdminError('invalid_argument', 'Say how the refund was paid outside the provider');
  if (paidVia === 'other' && !note)
    throw new AdminError('invalid_argument', 'Say in the note how the refund was paid');
  // A plan's refund has its payment in the ledger, so its refund goes there too; an order that was never
  // granted (refund_required) has no payment of ours, and its transfer has no ledger entry either.
  const payment = await getPayment(open.merchantUid);
  const paidAt = nowMs();
  noteAuditChange({
    targetId: open.uid,
    targetIds: [`merchantUid:${open.merchantUid}`],
    before: { caseId: open.caseId, paid: false },
    after: {
      caseId: open.caseId,
      paid: true,
      transferReference,
      ...(paidVia ? { paidVia } : {}),
      amount: open.amount,
      currency: open.currency,
    },
  });
  const ended = await markTransferPaid({
    open,
    payment:
      payment && open.cancelledBefore !== undefined
        ? { ...payment, cancelledAmount: open.cancelledBefore }
        : undefined,
    paidAt,
    transferReference,
    paidVia,
    activity: {
      uid: open.uid,
      action: 'attention.transfer-paid',
      desc: `${open.merchantUid} ${open.amount} ${open.currency ?? ''} (${[PRODUCT_REFUND_SOURCE, paidVia, transferReference].filter(Boolean).join(', ')})${note ? `: ${note}` : ''}`,
      operator,
    },
  });
  if (!ended) return 'already-ended';
  logger.info('Refund transfer paid', { merchantUid: open.merchantUid, amount: open.amount });
  await cashReceiptAfterRefund(open.merchantUid);
  return 'ended';
}

/** The whole account of a transfer still owed, for the operator who makes it. */
export async function transferAccount(caseId: string) {
  const open = await getAttentionCase(caseId);
  if (open?.kind !== 'refund_transfer' || !open.refundAccount)
    throw new AdminError('not_found', 'No refund is owed by bank transfer under this case');
  noteAuditChange({ targetId: open.uid, targetIds: [`merchantUid:${open.merchantUid ?? ''}`] });
  return RefundAccountSchema.parse(open.refundAccount);
}
