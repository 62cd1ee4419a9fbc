import { describe, expect, it } from 'vitest';
import { ARCHIVE_FILTER_PATTERNS } from '../../shared/archive/record-archive.ts';
import { lambdaRecord, matchesFilter } from './stream-records.ts';

/** The stream stand-in lets through what Lambda's filters would, for the locked copy's mapping. */
describe('stream records', () => {
  const record = (eventName: 'INSERT' | 'MODIFY' | 'REMOVE', entity: string) =>
    lambdaRecord(
      {
        eventID: 'e1',
        eventName,
        dynamodb: {
          ApproximateCreationDateTime: new Date(1_795_000_000_000),
          Keys: { pk: { S: 'p' }, sk: { S: 's' } },
          ...(eventName === 'REMOVE' ? {} : { NewImage: { __edb_e__: { S: entity } } }),
          ...(eventName === 'INSERT' ? {} : { OldImage: { __edb_e__: { S: entity } } }),
          SequenceNumber: '100',
          SizeBytes: 10,
          StreamViewType: 'NEW_AND_OLD_IMAGES',
        },
      },
      'arn:aws:dynamodb:ap-northeast-2:1:table/t/stream/x',
      'ap-northeast-2',
    );
  const archived = (event: unknown) =>
    ARCHIVE_FILTER_PATTERNS.some((pattern) => matchesFilter(event, pattern));

  it('are shaped as Lambda hands them over', () => {
    expect(record('INSERT', 'payment')).toMatchObject({
      eventSource: 'aws:dynamodb',
      eventVersion: '1.1',
      awsRegion: 'ap-northeast-2',
      dynamodb: { ApproximateCreationDateTime: 1_795_000_000, SequenceNumber: '100' },
    });
  });

  it('reach the locked copy for the archived entities, changed or removed, and not otherwise', () => {
    for (const eventName of ['INSERT', 'MODIFY', 'REMOVE'] as const) {
      expect(archived(record(eventName, 'auditEntry')), eventName).toBe(true);
      expect(archived(record(eventName, 'paymentSession')), eventName).toBe(false);
    }
    expect(archived(record('INSERT', 'ledgerEntry'))).toBe(true);
    expect(matchesFilter({ a: 'abc' }, { a: [{ prefix: 'ab' }] })).toBe(true);
    expect(matchesFilter({ a: 'abc' }, { b: [{ exists: false }] })).toBe(true);
  });
});
