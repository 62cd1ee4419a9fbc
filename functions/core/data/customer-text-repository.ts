import { retentionTtl } from '../../../shared/data/record-retention.ts';
import type { AlimtalkKind } from '../../../shared/notices/alimtalk-templates.ts';
import { tableService } from './client.ts';
import { CustomerText, type CustomerTextItem } from './entities/customer-text.ts';
import { isConditionFailure } from './transaction.ts';

const db = tableService({ customerText: CustomerText });

export type CustomerTextRecord = CustomerTextItem;

/**
 * A claim left `sending` this long belongs to a run that died mid-send (every function stops far
 * sooner): it may be claimed again, but only to ask SOLAPI whether the text went before sending it.
 */
export const ABANDONED_TEXT_MS = 15 * 60_000;

export type TextClaim =
  | { claimed: false }
  /** `abandoned`: a claim left sending before, whose text may have gone: ask SOLAPI first. */
  | { claimed: true; abandoned?: CustomerTextRecord };

/**
 * Claims one notice's 알림톡 before it is sent: claimed for the one caller that may send it. A text
 * SOLAPI took, or refused, or that a live run is sending, is not claimed again; one never handed over
 * (`unsent`) is, and one left `sending` by a run that died is, marked `abandoned`.
 */
export async function claimCustomerText(input: {
  kind: AlimtalkKind;
  eventId: string;
  uid: string;
  to: string;
  templateId: string;
  now: number;
}): Promise<TextClaim> {
  const { now, ...key } = input;
  const previous = await getCustomerText(input.kind, input.eventId);
  const abandoned = previous?.status === 'sending' && previous.claimedAt < now - ABANDONED_TEXT_MS;
  if (previous && previous.status !== 'unsent' && !abandoned) return { claimed: false };
  try {
    await db()
      .entities.customerText.put({
        ...key,
        status: 'sending',
        createdAt: previous?.createdAt ?? now,
        claimedAt: now,
        attempts: (previous?.attempts ?? 0) + 1,
        ...(previous?.messageId ? { messageId: previous.messageId } : {}),
        // A notice of a payment is kept as the payment's records are.
        ttl: retentionTtl(now, 'payment'),
      })
      .where((attr, op) =>
        previous
          ? `${op.eq(attr.attempts, previous.attempts)} AND ${op.eq(attr.status, previous.status)}`
          : op.notExists(attr.status),
      )
      .go();
    return abandoned ? { claimed: true, abandoned: previous } : { claimed: true };
  } catch (error) {
    if (isConditionFailure(error)) return { claimed: false };
    throw error;
  }
}

/** The outcome of a claimed send: SOLAPI took it, refused it, or could not be reached. */
export async function markCustomerText(
  kind: AlimtalkKind,
  eventId: string,
  outcome:
    | { status: 'accepted'; messageId: string; groupId?: string | undefined; statusCode: string; at: number }
    | { status: 'failed'; failure: string; statusCode?: string | undefined }
    | { status: 'unsent'; failure: string },
): Promise<void> {
  const { status } = outcome;
  const changes =
    status === 'accepted'
      ? {
          status,
          messageId: outcome.messageId,
          statusCode: outcome.statusCode,
          acceptedAt: outcome.at,
          ...(outcome.groupId ? { groupId: outcome.groupId } : {}),
        }
      : {
          status,
          failure: outcome.failure,
          ...('statusCode' in outcome && outcome.statusCode ? { statusCode: outcome.statusCode } : {}),
        };
  try {
    await db()
      .entities.customerText.patch({ kind, eventId })
      .set(changes)
      .where((attr, op) => op.eq(attr.status, 'sending'))
      .go();
  } catch (error) {
    // SOLAPI's delivery report came first (recordTextDelivery): what it recorded stands.
    if (!isConditionFailure(error)) throw error;
  }
}

/**
 * What a verified delivery report says of a text SOLAPI took (its message, as SOLAPI's own record
 * gives it): `recorded` once, `unchanged` for a report that tells nothing new (a replay, or a text whose
 * delivery is recorded already), `unknown` for a message that is not this notice's. A report may come
 * before the sender recorded SOLAPI's answer (a delivery in under a second, a sender slowed down): the
 * text still `sending` without a message id takes the message SOLAPI's record names for this notice.
 * One conditional write decides, whichever of the report and the sender's answer lands first: a read
 * before it could see `sending`, and the write then find the sender's `accepted` and lose the report.
 */
export async function recordTextDelivery(
  kind: AlimtalkKind,
  eventId: string,
  report: {
    messageId: string;
    status: 'kakao' | 'sms' | 'failed';
    statusCode: string;
    at: number;
    failure?: string;
  },
): Promise<'recorded' | 'unchanged' | 'unknown'> {
  try {
    await db()
      .entities.customerText.patch({ kind, eventId })
      .set({
        messageId: report.messageId,
        status: report.status,
        statusCode: report.statusCode,
        reportedAt: report.at,
        ...(report.failure ? { failure: report.failure } : {}),
      })
      .where(
        (attr, op) =>
          // Parenthesised whole: ElectroDB joins it to its own "the record exists" with AND.
          `((${op.eq(attr.status, 'sending')} AND ${op.notExists(attr.messageId)}) OR ` +
          `(${op.eq(attr.messageId, report.messageId)} AND ${op.eq(attr.status, 'accepted')}))`,
      )
      .go();
    return 'recorded';
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
  const text = await getCustomerText(kind, eventId);
  return text?.messageId === report.messageId ? 'unchanged' : 'unknown';
}

export async function getCustomerText(
  kind: AlimtalkKind,
  eventId: string,
): Promise<CustomerTextRecord | undefined> {
  const { data } = await db().entities.customerText.get({ kind, eventId }).go({ consistent: true });
  return data ?? undefined;
}

/** An account's texts, newest first (a customer gets a few a month: the newest 100 are listed). */
export async function listTextsByUser(uid: string): Promise<CustomerTextRecord[]> {
  const { data } = await db().entities.customerText.query.byUser({ uid }).go({ order: 'desc', limit: 100 });
  return data;
}
