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
 * Refunds by bank transfer from the product's account (issue 30; shared/refunds/refund-ways.ts): decided
 * by the refund (the plan ended, the payment's cancelled amount moved), owed as a refund_transfer case on
 * the attention page with the customer's account, paid by an operator who makes the transfer at the bank
 * and marks it paid here with the bank's reference. Marking it paid, in one transaction: the case ends
 * (and the account number with it), the ledger's refund entry is written on the day the money left, and
 * the account's activity says who paid it, with the reference. The pipeline records the call in the audit
 * trail. A cash payment's receipt then follows what was kept.
 */
export async function payTransfer(
  open: AttentionCase,
  transferReference: string,
  note: string,
  operator: Operator,
): Promise<'ended' | 'already-ended'> {
  if (open.kind !== 'refund_transfer' || !open.merchantUid || open.amount === undefined)
    throw new AdminError('invalid_argument', 'Only a refund owed by bank transfer can be marked paid');
  // A plan's refund has its payment in the ledger, so its refund goes there too; an order that was never
  // granted (refund_required) has no payment of ours, and its transfer has no ledger entry either.
  const payment = await getPayment(open.merchantUid);
  const paidAt = nowMs();
  noteAuditChange({
    targetId: open.uid,
    targetIds: [`merchantUid:${open.merchantUid}`],
    before: { caseId: open.caseId, status: 'owed' },
    after: {
      caseId: open.caseId,
      status: 'paid',
      transferReference,
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
    activity: {
      uid: open.uid,
      action: 'attention.transfer-paid',
      desc: `${open.merchantUid} ${open.amount} ${open.currency ?? ''} (${PRODUCT_REFUND_SOURCE}, ${transferReference})${note ? `: ${note}` : ''}`,
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
