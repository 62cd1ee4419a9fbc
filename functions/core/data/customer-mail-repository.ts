import { retentionTtl } from '../../../shared/data/record-retention.ts';
import { tableService } from './client.ts';
import { CustomerMail, type CustomerMailItem, type CustomerMailKind } from './entities/customer-mail.ts';
import { isConditionFailure, type TransactionEntities } from './transaction.ts';

const db = tableService({ customerMail: CustomerMail });

export type CustomerMailMarker = CustomerMailItem;

/**
 * A claim left `sending` this long belongs to a run that died mid-send: longer than any function that
 * sends a customer mail may run (customer-mail-repository.test.ts), shorter than the first re-check of
 * the step that sends it (an order's, 10 minutes; a refund's second, 10 minutes), which then sends it.
 */
export const ABANDONED_CLAIM_MS = 5 * 60_000;

/** A claim's answer: this run sends it; it was sent; or a live run (or one not yet abandoned) has it. */
export type MailClaim = 'claimed' | 'sent' | 'in-flight';

/**
 * Claims one mail of one event before it is sent: 'claimed' for the one claimant that may send it. A mail
 * already sent, or being sent by a live run, is not claimed; a due, failed (or abandoned) one is.
 */
export async function claimCustomerMail(input: {
  kind: CustomerMailKind;
  eventId: string;
  uid: string;
  now: number;
}): Promise<MailClaim> {
  const { kind, eventId, uid, now } = input;
  const previous = await getCustomerMail(kind, eventId);
  if (previous?.status === 'sent') return 'sent';
  try {
    await db()
      .entities.customerMail.put({
        kind,
        eventId,
        uid,
        status: 'sending',
        claimedAt: now,
        attempts: (previous?.attempts ?? 0) + 1,
        // The notice of a payment is kept as the payment's records are (the marker holds no address).
        ttl: retentionTtl(now, 'payment'),
      })
      .where((attr, op) =>
        previous
          ? `${op.eq(attr.attempts, previous.attempts)} AND (${op.eq(attr.status, 'failed')} OR ${op.eq(attr.status, 'due')} OR (${op.eq(attr.status, 'sending')} AND ${op.lt(attr.claimedAt, now - ABANDONED_CLAIM_MS)}))`
          : op.notExists(attr.status),
      )
      .go();
    return 'claimed';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (await getCustomerMail(kind, eventId))?.status === 'sent' ? 'sent' : 'in-flight';
  }
}

/**
 * A payment's receipt marked due, as an item of the transaction that grants the payment: the mail's
 * intent, kept with the grant, so that whichever later look at the order finds it unsent sends it.
 */
export function receiptDueItem(
  tx: Pick<TransactionEntities, 'customerMail'>,
  input: { merchantUid: string; uid: string; now: number },
) {
  return tx.customerMail
    .put({
      kind: 'receipt',
      eventId: input.merchantUid,
      uid: input.uid,
      status: 'due',
      claimedAt: input.now,
      attempts: 0,
      ttl: retentionTtl(input.now, 'payment'),
    })
    .commit();
}

export async function markCustomerMail(
  kind: CustomerMailKind,
  eventId: string,
  outcome: { sentAt: number } | { failure: string },
): Promise<void> {
  await db()
    .entities.customerMail.patch({ kind, eventId })
    .set('sentAt' in outcome ? { status: 'sent', sentAt: outcome.sentAt } : { status: 'failed', ...outcome })
    .go();
}

export async function getCustomerMail(
  kind: CustomerMailKind,
  eventId: string,
): Promise<CustomerMailMarker | undefined> {
  const { data } = await db().entities.customerMail.get({ kind, eventId }).go({ consistent: true });
  return data ?? undefined;
}
