import { unmarshall } from '@aws-sdk/util-dynamodb';
import type { AttributeValue, DynamoDBRecord } from 'aws-lambda';
import {
  type ArchivedChange,
  archiveObjectKey,
  isArchivedEntity,
} from '../../../shared/archive/record-archive.ts';
import { putObject, recordArchiveBucket } from '../adapters/object-storage.ts';
import { logger } from '../logger.ts';

type Image = Record<string, AttributeValue> | undefined;

const plain = (image: Image) => (image ? unmarshall(image as Parameters<typeof unmarshall>[0]) : undefined);

/** A stream record as the locked copy keeps it; undefined for a record of no archived entity. */
export function archivedChange(record: DynamoDBRecord): ArchivedChange | undefined {
  const change = record.dynamodb;
  const newImage = plain(change?.NewImage as Image);
  const oldImage = plain(change?.OldImage as Image);
  const keys = plain(change?.Keys as Image);
  const entity = (newImage ?? oldImage)?.__edb_e__;
  if (!change?.SequenceNumber || !record.eventName || !isArchivedEntity(entity)) return undefined;
  if (typeof keys?.pk !== 'string' || typeof keys?.sk !== 'string') return undefined;
  return {
    eventName: record.eventName,
    eventId: record.eventID ?? change.SequenceNumber,
    sequenceNumber: change.SequenceNumber,
    changedAt: Math.round((change.ApproximateCreationDateTime ?? 0) * 1000),
    entity,
    keys: { pk: keys.pk, sk: keys.sk },
    ...(newImage ? { newImage } : {}),
    ...(oldImage ? { oldImage } : {}),
  };
}

/**
 * Writes each record of a batch of the table's stream to the locked copy, one object per change
 * (shared/archive/record-archive.ts). Answers the sequence number of the first record it could not write
 * (Lambda then delivers the batch again from there: the stream's order holds and nothing is skipped), or
 * undefined when all are written. Written again, a record puts a new version of its own object; the
 * first stays locked.
 */
export async function archiveRecords(records: readonly DynamoDBRecord[]): Promise<string | undefined> {
  const bucket = recordArchiveBucket();
  const outcomes = await Promise.allSettled(
    records.map(async (record) => {
      const change = archivedChange(record);
      if (!change) {
        logger.warn('A stream record of no archived entity', { eventId: record.eventID });
        return;
      }
      await putObject(bucket, archiveObjectKey(change), JSON.stringify(change), 'application/json');
    }),
  );
  const first = outcomes.findIndex((outcome) => outcome.status === 'rejected');
  if (first < 0) return undefined;
  const failure = outcomes[first] as PromiseRejectedResult;
  logger.error('Records not written to the locked copy', {
    failed: outcomes.filter((outcome) => outcome.status === 'rejected').length,
    of: records.length,
    error: (failure.reason as Error)?.message,
  });
  return records[first]?.dynamodb?.SequenceNumber ?? '';
}
