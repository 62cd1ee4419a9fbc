import type { AttentionCase } from '../data/attention-repository.ts';
import { getTaxInvoice } from '../data/tax-invoice-repository.ts';
import { type Operator, recordUserActivity } from '../data/user-activity-repository.ts';
import { AdminError } from '../errors.ts';
import { runAmendment } from '../tax-invoices/invoice-amendments.ts';
import { claimRetry, issueClaimed } from '../tax-invoices/invoice-issuing.ts';

/**
 * A tax invoice Popbill refused (or the buyer's business was closed) retried from the attention page:
 * issued again now, with the buyer's details as they are now (they may have corrected them) and for what
 * the payments keep now. Its case ends in the transaction that records it issued; a refusal is answered
 * with Popbill's (or the status check's) reason and the case stays.
 */
export async function retryTaxInvoiceCase(
  open: AttentionCase,
  reason: string,
  operator: Operator,
): Promise<'ended' | 'already-ended'> {
  const mgtKey = open.caseId.slice(open.caseId.indexOf(':') + 1);
  const invoice = await getTaxInvoice(mgtKey);
  if (invoice?.state !== 'failed') return 'already-ended';
  const claimed = await claimRetry(invoice);
  if (!claimed) return 'already-ended';
  await recordUserActivity({
    uid: invoice.uid,
    action: 'tax-invoice.retry',
    desc: `${mgtKey}: ${reason}`,
    operator,
  });
  if (claimed.kind === 'invoice') {
    const issued = await issueClaimed(claimed);
    if (issued.state !== 'issued')
      throw new AdminError('conflict', `Popbill did not issue it: ${issued.failureMessage ?? issued.state}`);
    return 'ended';
  }
  const result = await runAmendment(claimed);
  if (result !== 'amended' && result !== 'cancelled')
    throw new AdminError('conflict', `Popbill did not issue the amended invoice (${result})`);
  return 'ended';
}
