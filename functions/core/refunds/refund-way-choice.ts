import { cancelKind, type RefundWay, refundWayName } from '../../../shared/refunds/refund-ways.ts';
import { noteAuditChange } from '../audit/audit-notes.ts';

/**
 * An operator's refund in the audit trail (issue 41): the way the money goes back, the way the decision
 * recommended (its first, preselected on the refund screen), and the operator's reason, so that a way
 * chosen against the recommendation says why. Nothing outside an audited call (the customer's refund).
 */
export function noteRefundWay(
  quote: {
    payment: { merchantUid: string; price: number; currency: Parameters<typeof cancelKind>[0]['currency'] };
    decisions: Record<'whole' | 'part', { ways: RefundWay[] }>;
  },
  request: { uid: string; price: number; reason: string },
  way: RefundWay,
): void {
  const recommended = quote.decisions[cancelKind(quote.payment, request.price)].ways[0];
  noteAuditChange({
    targetId: request.uid,
    targetIds: [`merchantUid:${quote.payment.merchantUid}`],
    after: {
      amount: request.price,
      currency: quote.payment.currency,
      refundWay: refundWayName(way),
      ...(recommended ? { recommendedWay: refundWayName(recommended) } : {}),
      reason: request.reason,
    },
  });
}
