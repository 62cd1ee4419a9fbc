import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DescribeTableCommand, DynamoDBClient } from '@aws-sdk/client-dynamodb';
import {
  DescribeStreamCommand,
  DynamoDBStreamsClient,
  ExpiredIteratorException,
  GetRecordsCommand,
  type GetRecordsCommandOutput,
  GetShardIteratorCommand,
  type _Record as StreamRecord,
  TrimmedDataAccessException,
} from '@aws-sdk/client-dynamodb-streams';
import type { DynamoDBBatchResponse } from 'aws-lambda';
import { ARCHIVE_FILTER_PATTERNS, ARCHIVE_STREAM_READING } from '../../../shared/archive/record-archive.ts';
import { duplicateDeliveryShare, duplicatePicker } from '../at-least-once.ts';
import { sendJson } from '../http-helpers.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';
import { lambdaRecord, matchesFilter } from '../stream-records.ts';

/**
 * Lambda's event source mapping on the table's stream, on one machine. DynamoDB Local keeps a stream of
 * the table (its DynamoDB Streams API: DescribeStream, GetShardIterator, GetRecords); this reads every
 * shard in order, from the oldest record (TRIM_HORIZON, as the mapping's starting position), keeps only the
 * records the mapping's filters let through (shared/archive/record-archive.ts, Lambda's filter rule syntax
 * for the forms used there: a list of values, `prefix`, `exists`), and invokes the consumer with Lambda's
 * event shape, up to ARCHIVE_STREAM_READING.batchSize records a batch. A batch the consumer fails (an error,
 * or `batchItemFailures`) is delivered again from its first unwritten record, up to `retryAttempts` times,
 * then its place in the stream is listed as a failure (the mapping's on-failure destination) and reading
 * goes on. Batches are delivered twice at the at-least-once share, as the service may. Its place in each
 * shard survives a restart beside the database; `/_local/table-stream.json` shows what it delivered.
 * https://docs.aws.amazon.com/lambda/latest/dg/with-ddb.html
 */
const CONSUMER = 'events/archive/archive-records';
const POLL_MS = 250;
/** How long a batch gathers records before it is delivered (the mapping's batching window is 5 s). */
const BATCH_WINDOW_MS = 500;

interface Failure {
  shardId: string;
  firstSequenceNumber: string;
  lastSequenceNumber: string;
  records: number;
  error: string;
  at: number;
}

export async function start(ctx: StandInContext): Promise<StandIn> {
  const tableName = process.env.TABLE_NAME as string;
  const region = process.env.AWS_REGION ?? 'ap-northeast-2';
  const endpoint = process.env.AWS_ENDPOINT_URL_DYNAMODB as string;
  const credentials = { accessKeyId: 'local', secretAccessKey: 'local' };
  const streams = new DynamoDBStreamsClient({ endpoint, region, credentials });
  const dynamo = new DynamoDBClient({ endpoint, region, credentials });
  const checkpointFile = ctx.stateDir ? join(ctx.stateDir, 'table-stream.json') : undefined;
  /** The last sequence number delivered, by shard. */
  const checkpoints: Record<string, string> =
    checkpointFile && existsSync(checkpointFile) ? JSON.parse(readFileSync(checkpointFile, 'utf8')) : {};
  const iterators = new Map<string, string | null>();
  const pending = new Map<string, StreamRecord[]>();
  const failures: Failure[] = [];
  const doubled = duplicatePicker(duplicateDeliveryShare());
  let delivered = 0;
  let stopped = false;

  const { Table } = await dynamo.send(new DescribeTableCommand({ TableName: tableName }));
  const streamArn = Table?.LatestStreamArn;
  if (!streamArn) throw new Error(`The table ${tableName} has no stream`);

  const save = () => {
    if (checkpointFile) writeFileSync(checkpointFile, JSON.stringify(checkpoints));
  };

  async function iteratorOf(shardId: string): Promise<string | null> {
    const after = checkpoints[shardId];
    const { ShardIterator } = await streams.send(
      new GetShardIteratorCommand({
        StreamArn: streamArn,
        ShardId: shardId,
        ...(after
          ? { ShardIteratorType: 'AFTER_SEQUENCE_NUMBER', SequenceNumber: after }
          : { ShardIteratorType: 'TRIM_HORIZON' }),
      }),
    );
    return ShardIterator ?? null;
  }

  /** Delivers one batch, again from its first unwritten record while the consumer fails, within the retries. */
  async function deliver(shardId: string, batch: StreamRecord[]): Promise<void> {
    let remaining = batch;
    for (let attempt = 0; remaining.length; attempt += 1) {
      const event = { Records: remaining.map((record) => lambdaRecord(record, streamArn as string, region)) };
      let failedFrom: string | undefined;
      let error = '';
      try {
        const answer = (await ctx.invokeModule(CONSUMER, event, 60_000, {
          tableStream: tableName,
        })) as DynamoDBBatchResponse | undefined;
        if (doubled()) await ctx.invokeModule(CONSUMER, event, 60_000, { tableStream: tableName });
        failedFrom = answer?.batchItemFailures?.[0]?.itemIdentifier;
        if (failedFrom !== undefined) error = `batchItemFailures from ${failedFrom}`;
      } catch (failure) {
        failedFrom = remaining[0]?.dynamodb?.SequenceNumber;
        error = (failure as Error).message;
      }
      if (failedFrom === undefined) {
        delivered += remaining.length;
        return;
      }
      const from = Math.max(
        0,
        remaining.findIndex((record) => record.dynamodb?.SequenceNumber === failedFrom),
      );
      delivered += from;
      remaining = remaining.slice(from);
      if (attempt >= ARCHIVE_STREAM_READING.retryAttempts) {
        failures.push({
          shardId,
          firstSequenceNumber: remaining[0]?.dynamodb?.SequenceNumber ?? '',
          lastSequenceNumber: remaining.at(-1)?.dynamodb?.SequenceNumber ?? '',
          records: remaining.length,
          error,
          at: Date.now(),
        });
        console.error(`Table stream: ${remaining.length} record(s) not delivered after retries: ${error}`);
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, Math.min(2000, 100 * 2 ** attempt)));
    }
  }

  async function pollShard(shardId: string, closed: boolean): Promise<void> {
    if (!iterators.has(shardId)) iterators.set(shardId, await iteratorOf(shardId));
    const iterator = iterators.get(shardId);
    if (!iterator) return;
    let answer: GetRecordsCommandOutput;
    try {
      answer = await streams.send(new GetRecordsCommand({ ShardIterator: iterator, Limit: 1000 }));
    } catch (error) {
      if (error instanceof ExpiredIteratorException || error instanceof TrimmedDataAccessException) {
        iterators.delete(shardId);
        return;
      }
      throw error;
    }
    const matching = (answer.Records ?? []).filter((record) =>
      ARCHIVE_FILTER_PATTERNS.some((pattern) =>
        matchesFilter(lambdaRecord(record, streamArn as string, region), pattern),
      ),
    );
    const waiting = [...(pending.get(shardId) ?? []), ...matching];
    const lastRead = answer.Records?.at(-1)?.dynamodb?.SequenceNumber;
    iterators.set(shardId, answer.NextShardIterator ?? null);
    // A batch leaves when it is full, when its window has passed, or when the shard ended.
    const oldest = waiting[0]?.dynamodb?.ApproximateCreationDateTime;
    const due =
      waiting.length >= ARCHIVE_STREAM_READING.batchSize ||
      (oldest && Date.now() - new Date(oldest).getTime() >= BATCH_WINDOW_MS) ||
      (closed && !answer.NextShardIterator);
    if (waiting.length && !due) {
      pending.set(shardId, waiting);
      return;
    }
    pending.delete(shardId);
    for (let from = 0; from < waiting.length; from += ARCHIVE_STREAM_READING.batchSize)
      await deliver(shardId, waiting.slice(from, from + ARCHIVE_STREAM_READING.batchSize));
    const last = lastRead ?? waiting.at(-1)?.dynamodb?.SequenceNumber;
    if (last) {
      checkpoints[shardId] = last;
      save();
    }
  }

  async function poll(): Promise<void> {
    const { StreamDescription } = await streams.send(new DescribeStreamCommand({ StreamArn: streamArn }));
    // Parents before their children, as Lambda reads them.
    for (const shard of StreamDescription?.Shards ?? []) {
      if (!shard.ShardId) continue;
      await pollShard(shard.ShardId, Boolean(shard.SequenceNumberRange?.EndingSequenceNumber));
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const loop = () => {
    if (stopped) return;
    running = poll()
      .catch((error) => console.error('Table stream:', error))
      .finally(() => {
        if (!stopped) timer = setTimeout(loop, POLL_MS);
      });
  };
  loop();

  ctx.registerLocalEndpoint('GET', '/_local/table-stream.json', (_req, res) =>
    sendJson(res, 200, {
      streamArn,
      delivered,
      waiting: [...pending.values()].reduce((sum, records) => sum + records.length, 0),
      failures,
    }),
  );

  return {
    env: {},
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
      streams.destroy();
      dynamo.destroy();
    },
  };
}
