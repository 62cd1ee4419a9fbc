/**
 * "Needs attention" (issue 16 part 4): what an operator must settle by hand, one case per thing, listed
 * at /admin/attention until an operator's action ends it.
 *
 * - refund_required: money taken for an order that could not be granted, which the provider did not
 *   return by itself (a deposited virtual account; a cancel the card company refused). Whatever the
 *   order re-check (recheck-order) finds paid but cannot grant lands here the same way.
 *- vbank_expired: a virtual account whose due date passed without a deposit the provider reports (the
 *   order's last re-check, just after the due date); it ends by itself if the deposit is granted late or
 *   the order is closed. An operator checks with the customer (a deposit to a wrong account, a bank's
 *   delay) and dismisses it.
 * - plan_held: a subscription put on hold after its last declined renewal retry; it ends by itself when
 *   a renewal of the plan is paid.
 * - bulk_dead_letter: a bulk job's message that failed every delivery and went to its queue's dead-letter
 *   queue (shared/attention/dead-letters.ts): its items are neither done nor failed on the job.
 * - schedule_dead_letter: a scheduled run that never ran: the scheduler could not hand it to its target,
 *   or the target failed it three times (Lambda's two retries); a renewal, a re-check, a reminder.
 * - refund_unrecorded: a refund returned at the provider or the wallet after another refund of the same
 *   payment was recorded (an operator's by bank transfer, which moves no money at the provider, racing the
 *   customer's): the payment was returned at the provider, and a transfer is owed for it too. An operator
 *   dismisses the transfer unpaid (or, if it was already paid, settles it with the customer) and dismisses
 *   this case.
 * - refund_pending: a wallet refund Naver Pay answered as not complete yet (CancelNotComplete, or
 *   PreCancelNotComplete: an earlier cancel of the payment is still under way). The refund is recorded
 *   as made; the case is the record that its money is not back yet, and the wallet is asked again on a
 *   schedule (functions/core/refunds/wallet-refunds.ts) until the refund shows in the payment's history,
 *   which ends the case by itself. One that never completes stays for an operator to settle with Naver
 *   Pay and dismiss.
 * - provider_payment_unmatched, provider_payment_missing, amount_mismatch: what the daily reconciliation
 *   (functions/core/finance/reconciliation.ts) found comparing the provider's payments of a KST day with
 *   our orders and refunds: money the provider took for no paid order of ours, an order we recorded paid
 *   that the provider has no payment for, or a payment whose amount or refunds differ between the two.
 *   An operator looks into it (the provider's console, the customer) and dismisses it with what was done.
 *
 * - cash_receipt_failed: a cash receipt (현금영수증) the provider did not issue for a paid order, or could not
 *   re-issue after a refund (shared/cash-receipts); it ends by itself once the receipt is issued.
 * - tax_invoice_failed: a tax invoice (세금계산서) the product could not issue through Popbill, or one the NTS
 *   refused: Popbill refused it (its reason kept), or the buyer's business is closed, suspended or unknown to
 *   the NTS (the status check before issuing). It ends by itself once the invoice is issued; an operator
 *   retries it (after the buyer corrected the details), marks it issued by hand on the console's tax
 *   invoice page, or dismisses it.
 * - refund_transfer: a refund owed by bank transfer from the product's account to the customer's
 *   (shared/refunds/refund-ways.ts: a phone payment after its month, a deposit after 180 days, a card
 *   after a year, a direct deposit, or an operator's choice). The refund is decided (the plan ended, the
 *   payment's cancelled amount moved); the money leaves when an operator makes the transfer and marks it
 *   paid with the bank's reference, which writes the ledger's refund and ends the case.
 *
 * - audit_chain_broken: an audit trail entry replaced or deleted in the table, or written outside the
 *   product, as the chain check found it (functions/core/audit/chain-check.ts): the reason names the month,
 *   the place and the entry. Nothing in the product can repair it (entries are never rewritten); an
 *   operator compares the month with the locked copy (docs/runbook.md) and dismisses the case with what
 *   was found. One case per month and place, listed once.
 *
 * A case ends by an operator's action, recorded as the account's activity:
 * - refund: the order's money returned through its own way (the provider or the wallet) or, at the
 *   operator's choice, to the product account (no money moves at the provider: paid by hand);
 * - retry (plan_held): the renewal charged again now, beyond the scheduled retries (the card may have
 *   been changed); the case stays until a renewal is paid;
 * - retry (cash_receipt_failed): the receipt asked of the provider again;
 * - retry (tax_invoice_failed): the invoice issued again now, with the buyer's details as they are now;
 * - transfer paid (refund_transfer): the transfer made, with its reference; the account number is erased;
 * - retry (a dead letter): the message sent to its queue again, or the run's target scheduled once
 *   more with the same input (both are idempotent); the case ends, and a new failure raises a new one;
 * - dismiss: nothing to do (settled elsewhere), with the operator's reason.
 */
export const ATTENTION_KINDS = [
  'refund_required',
  'vbank_expired',
  'plan_held',
  'bulk_dead_letter',
  'schedule_dead_letter',
  'refund_unrecorded',
  'refund_pending',
  'cash_receipt_failed',
  'provider_payment_unmatched',
  'provider_payment_missing',
  'amount_mismatch',
  'refund_transfer',
  'tax_invoice_failed',
  'audit_chain_broken',
] as const;
export type AttentionKind = (typeof ATTENTION_KINDS)[number];

/** One case's id: its kind and what it is about, so that one thing is never listed twice. */
export function attentionCaseId(kind: AttentionKind, subject: string): string {
  return `${kind}:${subject}`;
}
