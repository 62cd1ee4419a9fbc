import { FirehoseClient, PutRecordBatchCommand } from '@aws-sdk/client-firehose';
import { putAnalyticsEvents } from '../data/analytics-event-repository.ts';
import { PaymentError } from '../errors.ts';
import { traced } from '../observability.ts';
import { environment } from '../settings.ts';

/** An analytics event as stored: the wire event plus what the server adds. */
export interface StoredAnalyticsEvent {
  cid: string;
  insertId: string;
  cidTimestamp: number;
  clientType: string;
  category: string;
  action: string;
  label?: string | undefined;
  osName?: string | undefined;
  installCode?: string | undefined;
  pathname: string;
  customValue?: string | undefined;
  unixTimestampMs: number;
  sessionId: string;
  country?: string | undefined;
  receivedAt: number;
  ttl: number;
}

/** Where analytics events go. Storing a batch again must not count its events twice downstream. */
export interface AnalyticsSink {
  put(events: readonly StoredAnalyticsEvent[]): Promise<void>;
}

/** Firehose accepts at most 500 records in one PutRecordBatch. */
const FIREHOSE_BATCH = 500;
const ATTEMPTS = 3;

/**
 * Production: a Firehose delivery stream that writes gzip NDJSON to S3 (infra/stateful-stack.ts).
 * Firehose delivers at least once; the insertId in each record lets the analysis drop repeats.
 */
export function firehoseSink(
  streamName: string,
  client: FirehoseClient = traced(new FirehoseClient({})),
): AnalyticsSink {
  return {
    async put(events) {
      for (let start = 0; start < events.length; start += FIREHOSE_BATCH) {
        let pending = events.slice(start, start + FIREHOSE_BATCH);
        for (let attempt = 0; attempt < ATTEMPTS && pending.length > 0; attempt += 1) {
          const answer = await client.send(
            new PutRecordBatchCommand({
              DeliveryStreamName: streamName,
              Records: pending.map((event) => ({
                Data: new TextEncoder().encode(`${JSON.stringify(event)}\n`),
              })),
            }),
          );
          const failed = answer.RequestResponses ?? [];
          pending = pending.filter((_, index) => failed[index]?.ErrorCode);
        }
        if (pending.length > 0)
          throw new PaymentError('DB_ERROR', `The analytics stream refused ${pending.length} events`);
      }
    },
  };
}

/**
 * One machine, and any stage without a stream: the table, keyed by client id and insertId (a repeat
 * overwrites itself), each event deleted by DynamoDB at its TTL.
 */
export function tableSink(): AnalyticsSink {
  return {
    async put(events) {
      let pending = [...events];
      for (let attempt = 0; attempt < ATTEMPTS && pending.length > 0; attempt += 1) {
        const unprocessed = await putAnalyticsEvents(pending);
        const left = new Set(unprocessed.map((key) => `${key.cid}\u0000${key.insertId}`));
        pending = pending.filter((item) => left.has(`${item.cid}\u0000${item.insertId}`));
      }
      if (pending.length > 0) throw new PaymentError('DB_ERROR', 'Some analytics events could not be stored');
    },
  };
}

let sink: AnalyticsSink | undefined;

/** The stream when ANALYTICS_STREAM_NAME names one (the CDK stacks set it), else the table. */
export function analyticsSink(): AnalyticsSink {
  const stream = environment('ANALYTICS_STREAM_NAME');
  sink ??= stream ? firehoseSink(stream) : tableSink();
  return sink;
}
