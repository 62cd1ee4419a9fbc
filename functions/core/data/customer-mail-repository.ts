import { retentionTtl } from '../../../shared/data/record-retention.ts';
import { tableService } from './client.ts';
import { CustomerMail, type CustomerMailItem, type CustomerMailKind } from './entities/customer-mail.ts';
import { isConditionFailure, type TransactionEntities } from './transaction.ts';

const db = tableService({ customerMail: CustomerMail });

export type CustomerMailMarker = CustomerMailItem;

/**
 * A claim left `sending` this long belongs to a run that died mid-send (a function reaching its
 * timeout, far shorter than this): it may be claimed again.
 */
const ABANDONED_CLAIM_MS = 15 * 60_000;

/**
 * Claims one mail of one event before it is sent: true for the one claimant that may send it. A mail
 * already sent, or being sent by a live run, is not claimed; a failed (or abandoned) one is.
 */
export async function claimCustomerMail(input: {
  kind: CustomerMailKind;
  eventId: string;
  uid: string;
  now: number;
}): Promise<boolean> {
  const { kind, eventId, uid, now } = input;
  const previous = await getCustomerMail(kind, eventId);
  if (previous?.status === 'sent') return false;
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
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
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
