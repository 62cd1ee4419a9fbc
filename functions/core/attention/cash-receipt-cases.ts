import { retryCashReceipt } from '../cash-receipts/cash-receipts.ts';
import type { AttentionCase } from '../data/attention-repository.ts';
import type { Operator } from '../data/user-activity-repository.ts';

/**
 * A failed cash receipt retried from the attention page: asked of the provider again now. Its case ends
 * in the transaction that records the receipt issued; a refusal is answered with the provider's reason.
 */
export async function retryCashReceiptCase(
  open: AttentionCase,
  reason: string,
  operator: Operator,
): Promise<'ended' | 'already-ended'> {
  const outcome = await retryCashReceipt(open.merchantUid ?? '', reason, operator);
  return outcome === 'issued' ? 'ended' : 'already-ended';
}
