import type { AttentionKind } from '../attention/attention-cases.ts';

/**
 * When an account cannot be deleted yet (issue 26 point 4; our decision): while money is still on its
 * way to or from the customer. A virtual account issued and not yet due may still receive a deposit,
 * which would then be owed to a person the product can no longer identify or reach (the address is
 * erased with the account), or grant a plan to an erased account; an open case of the attention page
 * about the account's money (a refund the provider did not make, a due date passed while a deposit may
 * be lost, a refund paid twice, a refund owed by bank transfer whose account number is kept until it is
 * paid) is being settled with the customer by an operator. Everything else,
 * a live subscription included, is ended by the deletion itself. The refusal says which and until when,
 * so that deleting is possible as soon as it settles (전자상거래법 제21조의2: withdrawal may not be made
 * harder than joining without a reason).
 */
export const DELETION_BLOCKERS = ['deposit-awaited', 'payment-being-settled'] as const;
export type DeletionBlocker = (typeof DELETION_BLOCKERS)[number];

/** The attention cases that hold money of the account in the balance. */
const MONEY_CASES: ReadonlySet<AttentionKind> = new Set([
  'refund_required',
  'vbank_expired',
  'refund_unrecorded',
  'refund_transfer',
]);

export function deletionBlocker(
  input: {
    orders: ReadonlyArray<{ status: string; vbankDueDate?: number | undefined }>;
    openCases: ReadonlyArray<{ kind: AttentionKind }>;
  },
  now: number,
): { reason: DeletionBlocker; until?: number } | undefined {
  if (input.openCases.some((open) => MONEY_CASES.has(open.kind))) return { reason: 'payment-being-settled' };
  const dues = input.orders
    .filter((order) => order.status === 'vbank_issued' && (order.vbankDueDate ?? 0) > now)
    .map((order) => order.vbankDueDate as number);
  return dues.length ? { reason: 'deposit-awaited', until: Math.max(...dues) } : undefined;
}
