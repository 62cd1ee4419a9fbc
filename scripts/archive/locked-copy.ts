import { GetObjectCommand, ListObjectVersionsCommand, type S3Client } from '@aws-sdk/client-s3';
import { type DynamoDBDocumentClient, GetCommand, PutCommand, ScanCommand } from '@aws-sdk/lib-dynamodb';
import {
  ARCHIVED_ENTITIES,
  type ArchivedChange,
  parseArchiveObjectKey,
} from '../../shared/archive/record-archive.ts';

/**
 * The locked copy read back and compared with a table (docs/runbook.md, "Restore the table and reconcile
 * it with the locked copy"): after a restore to a point in time, what the table holds of the archived
 * records (audit entries and their chains' heads, payments, ledger entries) against their history in the
 * copy. `npm run archive:reconcile` runs it; the deploy check runs it against the AWS emulator.
 *
 * Findings:
 * - missing: the copy's latest image of an item is not in the table (written after the restore's point,
 *   or lost);
 * - differs: the table holds another image than the copy's latest;
 * - audit-entry-changed: an audit entry was changed or removed after it was written (the copy's first
 *   image is the original; the product never changes one);
 * - copy-overwritten: an object of the copy has versions that differ (the locked first one is the truth);
 * - not-in-copy: an archived item in the table the copy has nothing of (with `scanTable`: the copy is
 *   behind, or the item was written around the stream).
 * `putBack` writes the copy's image of the missing, differing and changed items into the table.
 */
export type FindingKind = 'missing' | 'differs' | 'audit-entry-changed' | 'copy-overwritten' | 'not-in-copy';

export interface Finding {
  kind: FindingKind;
  entity: string;
  keys: { pk: string; sk: string };
  /** The image the copy says the table should hold (none for not-in-copy, or a removed item). */
  image?: Record<string, unknown>;
}

export interface CopiedItem {
  entity: string;
  keys: { pk: string; sk: string };
  /** Every change, oldest first. */
  history: ArchivedChange[];
}

const itemKey = (keys: { pk: string; sk: string }) => `${keys.pk}\u0000${keys.sk}`;
const byTime = (a: ArchivedChange, b: ArchivedChange) =>
  a.changedAt - b.changedAt || a.sequenceNumber.localeCompare(b.sequenceNumber, 'en', { numeric: true });

/** Objects are read this many at a time. */
const READS_AT_ONCE = 16;

async function inTurns<T, R>(items: readonly T[], each: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = [];
  for (let from = 0; from < items.length; from += READS_AT_ONCE)
    results.push(...(await Promise.all(items.slice(from, from + READS_AT_ONCE).map(each))));
  return results;
}

/** Every item the copy holds of the archived entities, with its history, and the objects overwritten. */
export async function readLockedCopy(
  s3: S3Client,
  bucket: string,
): Promise<{ items: Map<string, CopiedItem>; overwritten: Finding[] }> {
  const versions: Array<{ key: string; versionId: string }> = [];
  for (const entity of ARCHIVED_ENTITIES) {
    let keyMarker: string | undefined;
    let versionMarker: string | undefined;
    do {
      const page = await s3.send(
        new ListObjectVersionsCommand({
          Bucket: bucket,
          Prefix: `${entity}/`,
          KeyMarker: keyMarker,
          VersionIdMarker: versionMarker,
        }),
      );
      for (const version of page.Versions ?? [])
        if (version.Key && version.VersionId)
          versions.push({ key: version.Key, versionId: version.VersionId });
      keyMarker = page.IsTruncated ? page.NextKeyMarker : undefined;
      versionMarker = page.IsTruncated ? page.NextVersionIdMarker : undefined;
    } while (keyMarker);
  }
  const bodies = await inTurns(versions, async (version) => {
    const answer = await s3.send(
      new GetObjectCommand({ Bucket: bucket, Key: version.key, VersionId: version.versionId }),
    );
    return { ...version, text: (await answer.Body?.transformToString('utf-8')) ?? '' };
  });
  const items = new Map<string, CopiedItem>();
  const overwritten: Finding[] = [];
  const byObject = new Map<string, string[]>();
  for (const body of bodies) byObject.set(body.key, [...(byObject.get(body.key) ?? []), body.text]);
  for (const [key, texts] of byObject) {
    const parsed = parseArchiveObjectKey(key);
    if (!parsed) continue;
    const keys = { pk: parsed.pk, sk: parsed.sk };
    // Versions are listed newest first: the oldest is the one written by the consumer, locked.
    const original = texts.at(-1) as string;
    if (texts.some((text) => text !== original))
      overwritten.push({ kind: 'copy-overwritten', entity: parsed.entity, keys });
    let change: ArchivedChange;
    try {
      change = JSON.parse(original) as ArchivedChange;
    } catch {
      overwritten.push({ kind: 'copy-overwritten', entity: parsed.entity, keys });
      continue;
    }
    const item = items.get(itemKey(keys)) ?? { entity: parsed.entity, keys, history: [] };
    item.history.push(change);
    items.set(itemKey(keys), item);
  }
  for (const item of items.values()) item.history.sort(byTime);
  return { items, overwritten };
}

const same = (a: unknown, b: unknown) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((key) => [key, sorted((value as Record<string, unknown>)[key])]),
    );
  return value;
}

/** The table compared with the copy (see the module's comment). */
export async function reconcile(input: {
  dynamo: DynamoDBDocumentClient;
  s3: S3Client;
  tableName: string;
  bucket: string;
  scanTable?: boolean;
}): Promise<{ items: number; findings: Finding[] }> {
  const { items, overwritten } = await readLockedCopy(input.s3, input.bucket);
  const findings: Finding[] = [...overwritten];
  await inTurns([...items.values()], async (item) => {
    const latest = item.history.at(-1) as ArchivedChange;
    const { Item } = await input.dynamo.send(
      new GetCommand({ TableName: input.tableName, Key: item.keys, ConsistentRead: true }),
    );
    if (item.entity === 'auditEntry') {
      const original = item.history.find((change) => change.eventName === 'INSERT');
      if (original?.newImage && (item.history.length > 1 || !same(Item, original.newImage))) {
        findings.push({
          kind: 'audit-entry-changed',
          entity: item.entity,
          keys: item.keys,
          image: original.newImage,
        });
        return;
      }
    }
    if (latest.eventName === 'REMOVE') {
      if (Item) findings.push({ kind: 'differs', entity: item.entity, keys: item.keys });
      return;
    }
    if (!Item)
      findings.push({ kind: 'missing', entity: item.entity, keys: item.keys, image: latest.newImage });
    else if (!same(Item, latest.newImage))
      findings.push({ kind: 'differs', entity: item.entity, keys: item.keys, image: latest.newImage });
  });
  if (input.scanTable) {
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await input.dynamo.send(
        new ScanCommand({
          TableName: input.tableName,
          FilterExpression: ARCHIVED_ENTITIES.map((_, index) => `#entity = :e${index}`).join(' OR '),
          ExpressionAttributeNames: { '#entity': '__edb_e__' },
          ExpressionAttributeValues: Object.fromEntries(
            ARCHIVED_ENTITIES.map((entity, index) => [`:e${index}`, entity]),
          ),
          ...(startKey ? { ExclusiveStartKey: startKey } : {}),
        }),
      );
      for (const found of page.Items ?? []) {
        const keys = { pk: String(found.pk), sk: String(found.sk) };
        if (!items.has(itemKey(keys)))
          findings.push({ kind: 'not-in-copy', entity: String(found.__edb_e__), keys });
      }
      startKey = page.LastEvaluatedKey;
    } while (startKey);
  }
  return { items: items.size, findings };
}

/** Writes the copy's image of each missing, differing or changed item into the table; answers how many. */
export async function putBack(
  dynamo: DynamoDBDocumentClient,
  tableName: string,
  findings: readonly Finding[],
): Promise<number> {
  const restorable = findings.filter((finding) => finding.image);
  for (const finding of restorable)
    await dynamo.send(new PutCommand({ TableName: tableName, Item: finding.image }));
  return restorable.length;
}
