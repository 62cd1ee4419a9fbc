import { FirehoseClient, PutRecordBatchCommand } from '@aws-sdk/client-firehose';
import { mockClient } from 'aws-sdk-client-mock';
import { beforeEach, describe, expect, it } from 'vitest';
import { firehoseSink, type StoredAnalyticsEvent } from './analytics-sink.ts';

const firehose = mockClient(FirehoseClient);
beforeEach(() => firehose.reset());

const event = (index: number): StoredAnalyticsEvent => ({
  cid: 'w-0123456789',
  insertId: `insert-${index}`,
  cidTimestamp: 1,
  clientType: 'landing',
  category: 'page',
  action: 'view',
  pathname: '/en',
  unixTimestampMs: 2,
  sessionId: 's',
  receivedAt: 3,
  ttl: 4,
});
const records = (call: number) =>
  (firehose.commandCalls(PutRecordBatchCommand)[call]?.args[0].input.Records ?? []).map((record) =>
    JSON.parse(new TextDecoder().decode(record.Data)),
  );

describe('the Firehose analytics sink', () => {
  it('sends events as newline-delimited JSON, 500 per batch, to the named stream', async () => {
    firehose.on(PutRecordBatchCommand).callsFake((input) => ({
      FailedPutCount: 0,
      RequestResponses: input.Records.map(() => ({ RecordId: 'r' })),
    }));
    await firehoseSink('cutloom-analytics', new FirehoseClient({})).put(
      Array.from({ length: 501 }, (_, i) => event(i)),
    );
    const calls = firehose.commandCalls(PutRecordBatchCommand);
    expect(calls.map((call) => call.args[0].input.Records?.length)).toEqual([500, 1]);
    expect(calls[0]?.args[0].input.DeliveryStreamName).toBe('cutloom-analytics');
    expect(records(1)).toEqual([event(500)]);
    expect(new TextDecoder().decode(calls[1]?.args[0].input.Records?.[0]?.Data).endsWith('\n')).toBe(true);
  });

  it('sends again only the records Firehose refused, and fails after three attempts', async () => {
    firehose
      .on(PutRecordBatchCommand)
      .resolvesOnce({
        FailedPutCount: 1,
        RequestResponses: [{ RecordId: 'a' }, { ErrorCode: 'ServiceUnavailableException' }],
      })
      .resolvesOnce({ FailedPutCount: 0, RequestResponses: [{ RecordId: 'b' }] });
    await firehoseSink('s', new FirehoseClient({})).put([event(1), event(2)]);
    expect(records(1)).toEqual([event(2)]);

    firehose.reset();
    firehose
      .on(PutRecordBatchCommand)
      .resolves({ FailedPutCount: 1, RequestResponses: [{ ErrorCode: 'InternalFailure' }] });
    await expect(firehoseSink('s', new FirehoseClient({})).put([event(3)])).rejects.toMatchObject({
      code: 'DB_ERROR',
    });
    expect(firehose.commandCalls(PutRecordBatchCommand)).toHaveLength(3);
  });
});
