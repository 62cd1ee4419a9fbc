/**
 * The locked copy (issue 39): every change of the records that must outlive any mistake or intrusion in
 * the table is delivered from the table's stream to a bucket whose objects S3 Object Lock keeps, in
 * compliance mode, for five years (no one can delete or overwrite them, the account's root included).
 * Declared once: the stateful stack makes the bucket and the stream, the jobs stack the consumer and its
 * event source mapping (with the filter below), the local stream stand-in applies the same filter.
 *
 * - audit entries (the staff's every write and sign-in, and their chain's heads: issue 27);
 * - payments (taken, and their refunds as the cancelled amount moves);
 * - ledger entries (every payment and refund as money moved).
 * Korean e-commerce law keeps the records of payment and supply five years (전자상거래법 시행령 제6조).
 */
export const ARCHIVED_ENTITIES = ['auditEntry', 'auditChainHead', 'payment', 'ledgerEntry'] as const;
export type ArchivedEntity = (typeof ARCHIVED_ENTITIES)[number];

/** How long S3 keeps each object from any deletion or overwrite: five years (1,827 days, two leap days). */
export const ARCHIVE_RETENTION_DAYS = 1827;

/** The ElectroDB attribute that names an item's entity, which the filter reads. */
const ENTITY_ATTRIBUTE = '__edb_e__';

/**
 * Lambda's event filters of the mapping (any one matches): a record whose new image is one of the
 * archived entities (an insert or a change), or whose old one is (a change or a removal).
 * https://docs.aws.amazon.com/lambda/latest/dg/with-ddb-filtering.html
 */
export const ARCHIVE_FILTER_PATTERNS = (['NewImage', 'OldImage'] as const).map((image) => ({
  dynamodb: { [image]: { [ENTITY_ATTRIBUTE]: { S: [...ARCHIVED_ENTITIES] } } },
}));

/**
 * How the consumer's event source mapping reads the stream (infra/jobs-stack.ts; the local stream
 * stand-in does the same): up to 100 records a batch, a failing batch delivered again 10 times from its
 * first unwritten record, a record kept at most a day (the stream's own retention is 24 hours).
 */
export const ARCHIVE_STREAM_READING = {
  batchSize: 100,
  retryAttempts: 10,
  maxRecordAgeSeconds: 86_400,
} as const;

/** One change as the locked copy keeps it: the stream record's facts and both images (plain values). */
export interface ArchivedChange {
  eventName: 'INSERT' | 'MODIFY' | 'REMOVE';
  eventId: string;
  sequenceNumber: string;
  /** When DynamoDB made the change (the stream's ApproximateCreationDateTime), epoch milliseconds. */
  changedAt: number;
  entity: ArchivedEntity;
  keys: { pk: string; sk: string };
  newImage?: Record<string, unknown>;
  oldImage?: Record<string, unknown>;
}

/** Sequence numbers are decimal strings up to 40 digits: padded, they sort as numbers. */
const SEQUENCE_DIGITS = 40;

/**
 * The object of one change: `{entity}/{pk}/{sk}/{sequence}.json` (keys URI-encoded), so that an item's
 * history is one prefix, oldest first, and a record delivered again writes its own key again (a new
 * version beside the locked one, never in its place).
 */
export function archiveObjectKey(change: Pick<ArchivedChange, 'entity' | 'keys' | 'sequenceNumber'>): string {
  return [
    change.entity,
    encodeURIComponent(change.keys.pk),
    encodeURIComponent(change.keys.sk),
    `${change.sequenceNumber.padStart(SEQUENCE_DIGITS, '0')}.json`,
  ].join('/');
}

/** The item an object key is about, and its sequence (the inverse of archiveObjectKey). */
export function parseArchiveObjectKey(
  key: string,
): { entity: string; pk: string; sk: string; sequence: string } | undefined {
  const [entity, pk, sk, file, ...rest] = key.split('/');
  if (!entity || !pk || !sk || !file?.endsWith('.json') || rest.length) return undefined;
  return {
    entity,
    pk: decodeURIComponent(pk),
    sk: decodeURIComponent(sk),
    sequence: file.slice(0, -'.json'.length),
  };
}

export function isArchivedEntity(value: unknown): value is ArchivedEntity {
  return (ARCHIVED_ENTITIES as readonly unknown[]).includes(value);
}
