import { createHash, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { nowMs } from '../../../functions/core/clock.ts';
import {
  QUEUES,
  type QueueDeclaration,
  type QueueId,
  queueUrlVariable,
  SQS_LIMITS,
} from '../../../shared/jobs/queues.ts';
import { duplicateDeliveryShare, duplicatePicker } from '../at-least-once.ts';
import {
  LOCAL_ACCOUNT as ACCOUNT,
  consumeDeadLetters,
  deadLetterEnvironment,
  type KeptDeadLetter,
  nextDeadLetterDue,
  LOCAL_REGION as REGION,
} from '../dead-letter-consumer.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';
import { onTestClockMoved } from '../test-clock.ts';

/**
 * SQS on one machine, as strict as SQS. It speaks the SQS JSON protocol of AWS SDK v3 (SendMessage,
 * SendMessageBatch, GetQueueUrl, GetQueueAttributes), so the production queue adapter runs unchanged
 * against it, and delivers to each queue's consumer module as Lambda's SQS event source mapping does,
 * with the figures of shared/jobs/queues.ts:
 * - up to `maxConcurrency` invocations at once, each with up to `messagesPerInvocation` messages;
 * - a received message is hidden for the visibility timeout, on the test clock: one whose consumer failed
 *   (reported in batchItemFailures, or the whole batch when the consumer threw or answered an
 *   itemIdentifier that was not in the batch) comes back only when the timeout has passed, and so does one
 *   whose consumer is still running then (it is delivered again beside it). A message received
 *   `maxReceiveCount` times goes to the dead-letter queue instead of a further receive, with its message
 *   id and body, and the dead-letter queue's consumer takes it from there as in AWS
 *   (scripts/local/dead-letter-consumer.ts). Lambda's error handling for SQS:
 *   https://docs.aws.amazon.com/lambda/latest/dg/services-sqs-errorhandling.html
 * - at-least-once: with a duplicate share (scripts/local/at-least-once.ts) that share of the messages is
 *   received a second time at once, so two consumers work on it side by side;
 * - SQS's refusals (SQS_LIMITS), with SQS's error codes: a body over the maximum message size
 *   (InvalidParameterValue) or with characters SQS does not accept (InvalidMessageContents), a batch of no
 *   entries, more than ten, repeated or malformed entry ids, or over the batch size.
 *   https://docs.aws.amazon.com/AWSSimpleQueueService/latest/APIReference/API_SendMessageBatch.html
 * Messages are kept in `queues.json` beside the database, so they survive a restart as the data does; a
 * message that was in flight comes back when its visibility timeout ends, as after a crashed consumer.
 */
/** A sleeping queue looks at the clock at least this often (the test clock can also wake it). */
const MAX_SLEEP_MS = 60_000;

interface StoredMessage extends KeptDeadLetter {
  messageId: string;
  body: string;
  md5: string;
  /** Test-clock times in ms. */
  sentAt: number;
  firstReceivedAt?: number;
  receiveCount: number;
  /** From when it may be received: sent, or the end of its last receive's visibility timeout. */
  visibleAt: number;
  /** Invocations working on it now. */
  inFlight: number;
  /** To be received twice at once on its first receive (at-least-once delivery). */
  duplicate?: boolean;
}

interface LocalQueue {
  declaration: QueueDeclaration;
  messages: StoredMessage[];
  deadLetters: StoredMessage[];
  invocations: number;
  timer?: NodeJS.Timeout;
}

export interface SqsOptions {
  /** Share of messages delivered twice (0 to 1); the default comes from scripts/local/at-least-once.ts. */
  duplicateShare?: number;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
/** The characters SQS accepts in a message (#x9 | #xA | #xD | #x20 to #xD7FF | #xE000 to #xFFFD | #x10000 to #x10FFFF). */
const REFUSED_CHARACTERS = /[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/u;
const BATCH_ENTRY_ID = /^[A-Za-z0-9_-]{1,80}$/;

class SqsFault extends Error {
  constructor(
    /** The SDK's error name. */
    readonly type: string,
    /** The code SQS's query protocol gives it (the `x-amzn-query-error` header the SDK reads). */
    readonly queryCode: string,
    message: string,
  ) {
    super(message);
  }
}

const tooLong = (limit: number) =>
  `One or more parameters are invalid. Reason: Message must be shorter than ${limit} bytes.`;

function checkBody(body: unknown): string {
  if (typeof body !== 'string' || body.length === 0)
    throw new SqsFault(
      'MissingParameter',
      'MissingParameter',
      'The request must contain the parameter MessageBody.',
    );
  if (bytes(body) > SQS_LIMITS.messageBytes)
    throw new SqsFault('InvalidParameterValue', 'InvalidParameterValue', tooLong(SQS_LIMITS.messageBytes));
  if (REFUSED_CHARACTERS.test(body))
    throw new SqsFault(
      'InvalidMessageContents',
      'InvalidMessageContents',
      'Invalid binary character in the message body.',
    );
  return body;
}

export async function start(ctx: StandInContext, options: SqsOptions = {}): Promise<StandIn> {
  const duplicateNext = duplicatePicker(options.duplicateShare ?? duplicateDeliveryShare());
  const file = ctx.stateDir ? join(ctx.stateDir, 'queues.json') : undefined;
  const stored = new Map<string, Pick<LocalQueue, 'messages' | 'deadLetters'>>(
    file && existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as Array<{ queue: string } & LocalQueue>).map((queue) => [
          queue.queue,
          queue,
        ])
      : [],
  );
  const queues = new Map<string, LocalQueue>(
    QUEUES.map((declaration) => {
      const kept = stored.get(declaration.id);
      return [
        declaration.id,
        {
          declaration,
          // Nobody works on a kept message any more: it comes back when its visibility timeout ends.
          messages: (kept?.messages ?? []).map((message) => ({ ...message, inFlight: 0 })),
          deadLetters: (kept?.deadLetters ?? []).map((letter) => ({ ...letter, consumerBusy: false })),
          invocations: 0,
        },
      ];
    }),
  );
  const running = new Set<Promise<void>>();
  let stopped = false;

  function save(): void {
    if (!file || stopped) return;
    const state = [...queues.values()].map((queue) => ({
      queue: queue.declaration.id,
      messages: queue.messages,
      deadLetters: queue.deadLetters,
    }));
    writeFileSync(file, JSON.stringify(state));
  }

  /** Starts invocations while the queue has receivable messages and concurrency to spare. */
  function pump(queue: LocalQueue): void {
    if (stopped) return;
    clearTimeout(queue.timer);
    queue.timer = undefined;
    while (queue.invocations < queue.declaration.maxConcurrency) {
      const batch = receive(queue);
      if (batch.length === 0) break;
      const invocation = invoke(queue, batch).finally(() => {
        running.delete(invocation);
        queue.invocations -= 1;
        save();
        pump(queue);
      });
      queue.invocations += 1;
      running.add(invocation);
    }
    consumeDeadLettersOf(queue);
    const deadLetterDue = nextDeadLetterDue(queue.deadLetters);
    const next = Math.min(
      ...queue.messages.filter((message) => message.visibleAt > nowMs()).map((message) => message.visibleAt),
      ...(deadLetterDue !== undefined && deadLetterDue > nowMs() ? [deadLetterDue] : []),
    );
    if (Number.isFinite(next)) {
      queue.timer = setTimeout(() => pump(queue), Math.min(MAX_SLEEP_MS, Math.max(0, next - nowMs())));
    }
  }

  function consumeDeadLettersOf(queue: LocalQueue): void {
    if ((nextDeadLetterDue(queue.deadLetters) ?? Number.POSITIVE_INFINITY) > nowMs()) return;
    const consuming = consumeDeadLetters(
      ctx,
      `${queue.declaration.id as QueueId}-dlq`,
      queue.deadLetters,
      (message) => record(queue, message),
    ).finally(() => {
      running.delete(consuming);
      save();
      pump(queue);
    });
    running.add(consuming);
  }

  /** Receives a batch: hides each message for the visibility timeout, or dead-letters it past its receives. */
  function receive(queue: LocalQueue): StoredMessage[] {
    const now = nowMs();
    const batch: StoredMessage[] = [];
    for (const message of [...queue.messages]) {
      if (batch.length === queue.declaration.messagesPerInvocation) break;
      if (message.visibleAt > now) continue;
      if (message.receiveCount >= queue.declaration.maxReceiveCount) {
        queue.messages.splice(queue.messages.indexOf(message), 1);
        queue.deadLetters.push(message);
        continue;
      }
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.inFlight += 1;
      // A duplicate stays receivable, so the next free consumer receives it too.
      message.visibleAt = message.duplicate ? now : now + queue.declaration.visibilityTimeoutSeconds * 1000;
      message.duplicate = undefined;
      batch.push(message);
    }
    if (batch.length) save();
    return batch;
  }

  async function invoke(queue: LocalQueue, batch: StoredMessage[]): Promise<void> {
    const ids = new Set(batch.map((message) => message.messageId));
    const event: SQSEvent = { Records: batch.map((message) => record(queue, message)) };
    let failed: Set<string>;
    try {
      const answer = (await ctx.invokeModule(
        `events/${queue.declaration.consumer}`,
        event,
        queue.declaration.consumerTimeoutSeconds * 1000,
        { queueArn: `arn:aws:sqs:${REGION}:${ACCOUNT}:${queue.declaration.id}` },
      )) as SQSBatchResponse | undefined;
      failed = new Set((answer?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
      if ([...failed].some((id) => !ids.has(id))) {
        console.error(`Consumer of ${queue.declaration.id} named a message not in its batch: all failed`);
        failed = ids;
      }
    } catch (error) {
      console.error(
        `Consumer of ${queue.declaration.id} threw; the batch comes back after its timeout`,
        error,
      );
      failed = ids;
    }
    for (const message of batch) {
      message.inFlight -= 1;
      // Done: deleted (unless a duplicate's consumer deleted it first). Failed: left to come back.
      if (!failed.has(message.messageId)) {
        const index = queue.messages.indexOf(message);
        if (index >= 0) queue.messages.splice(index, 1);
      }
    }
  }

  function record(queue: LocalQueue, message: StoredMessage): SQSRecord {
    return {
      messageId: message.messageId,
      receiptHandle: Buffer.from(`${message.messageId}:${message.receiveCount}`).toString('base64'),
      body: message.body,
      attributes: {
        ApproximateReceiveCount: String(message.receiveCount),
        SentTimestamp: String(message.sentAt),
        SenderId: ACCOUNT,
        ApproximateFirstReceiveTimestamp: String(message.firstReceivedAt ?? message.sentAt),
      },
      messageAttributes: {},
      md5OfBody: message.md5,
      eventSource: 'aws:sqs',
      eventSourceARN: `arn:aws:sqs:${REGION}:${ACCOUNT}:${queue.declaration.id}`,
      awsRegion: REGION,
    };
  }

  function enqueue(queue: LocalQueue, body: string): StoredMessage {
    const message: StoredMessage = {
      messageId: randomUUID(),
      body,
      md5: md5(body),
      sentAt: nowMs(),
      receiveCount: 0,
      visibleAt: nowMs(),
      inFlight: 0,
      ...(duplicateNext() ? { duplicate: true } : {}),
    };
    queue.messages.push(message);
    return message;
  }

  function sendBatch(queue: LocalQueue, input: Record<string, unknown>) {
    const entries = (Array.isArray(input.Entries) ? input.Entries : []) as Array<{
      Id?: unknown;
      MessageBody?: unknown;
    }>;
    if (entries.length === 0)
      throw new SqsFault(
        'EmptyBatchRequest',
        'AWS.SimpleQueueService.EmptyBatchRequest',
        'There should be at least one SendMessageBatchRequestEntry in the request.',
      );
    if (entries.length > SQS_LIMITS.entriesPerBatch)
      throw new SqsFault(
        'TooManyEntriesInBatchRequest',
        'AWS.SimpleQueueService.TooManyEntriesInBatchRequest',
        `Maximum number of entries per request are ${SQS_LIMITS.entriesPerBatch}. You have sent ${entries.length}.`,
      );
    const ids = entries.map((entry) => String(entry.Id ?? ''));
    const badId = ids.find((id) => !BATCH_ENTRY_ID.test(id));
    if (badId !== undefined)
      throw new SqsFault(
        'InvalidBatchEntryId',
        'AWS.SimpleQueueService.InvalidBatchEntryId',
        `A batch entry id can only contain alphanumeric characters, hyphens and underscores. It can be at most 80 letters long. (${badId})`,
      );
    if (new Set(ids).size !== ids.length)
      throw new SqsFault(
        'BatchEntryIdsNotDistinct',
        'AWS.SimpleQueueService.BatchEntryIdsNotDistinct',
        'Two or more batch entries in the request have the same Id.',
      );
    const total = entries.reduce((sum, entry) => sum + bytes(String(entry.MessageBody ?? '')), 0);
    if (total > SQS_LIMITS.batchBytes)
      throw new SqsFault(
        'BatchRequestTooLong',
        'AWS.SimpleQueueService.BatchRequestTooLong',
        `Batch requests cannot be longer than ${SQS_LIMITS.batchBytes} bytes. You have sent ${total} bytes.`,
      );
    const successful: Array<{ Id: string; MessageId: string; MD5OfMessageBody: string }> = [];
    const failed: Array<{ Id: string; SenderFault: boolean; Code: string; Message: string }> = [];
    for (const [index, entry] of entries.entries()) {
      const id = ids[index] as string;
      try {
        const message = enqueue(queue, checkBody(entry.MessageBody));
        successful.push({ Id: id, MessageId: message.messageId, MD5OfMessageBody: message.md5 });
      } catch (error) {
        if (!(error instanceof SqsFault)) throw error;
        failed.push({ Id: id, SenderFault: true, Code: error.queryCode, Message: error.message });
      }
    }
    return { Successful: successful, Failed: failed };
  }

  const server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const queueUrl = (id: string) => `${endpoint}/${ACCOUNT}/${id}`;
  const queueOf = (url: unknown) =>
    queues.get(
      String(url ?? '')
        .split('/')
        .pop() ?? '',
    );

  function reply(res: ServerResponse, status: number, body: unknown): void {
    res.writeHead(status, { 'content-type': 'application/x-amz-json-1.0' });
    res.end(JSON.stringify(body));
  }
  function fault(res: ServerResponse, error: SqsFault): void {
    res.writeHead(400, {
      'content-type': 'application/x-amz-json-1.0',
      'x-amzn-query-error': `${error.queryCode};Sender`,
    });
    res.end(JSON.stringify({ __type: `com.amazonaws.sqs#${error.type}`, message: error.message }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '').replace('AmazonSQS.', '');
    const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    try {
      reply(res, 200, answer(target, input));
    } catch (error) {
      if (!(error instanceof SqsFault)) throw error;
      fault(res, error);
    }
  }

  function answer(target: string, input: Record<string, unknown>): unknown {
    const missing = new SqsFault(
      'QueueDoesNotExist',
      'AWS.SimpleQueueService.NonExistentQueue',
      'The specified queue does not exist.',
    );
    if (target === 'GetQueueUrl') {
      const queue = queues.get(String(input.QueueName));
      if (!queue) throw missing;
      return { QueueUrl: queueUrl(queue.declaration.id) };
    }
    const queue = queueOf(input.QueueUrl);
    if (!queue) throw missing;
    if (target === 'SendMessage') {
      const message = enqueue(queue, checkBody(input.MessageBody));
      save();
      pump(queue);
      return { MessageId: message.messageId, MD5OfMessageBody: message.md5 };
    }
    if (target === 'SendMessageBatch') {
      const result = sendBatch(queue, input);
      save();
      pump(queue);
      return result;
    }
    if (target === 'GetQueueAttributes') {
      const now = nowMs();
      const visible = queue.messages.filter((message) => message.visibleAt <= now).length;
      return {
        Attributes: {
          ApproximateNumberOfMessages: String(visible),
          ApproximateNumberOfMessagesNotVisible: String(queue.messages.length - visible),
          QueueArn: `arn:aws:sqs:${REGION}:${ACCOUNT}:${queue.declaration.id}`,
          MaximumMessageSize: String(SQS_LIMITS.messageBytes),
          VisibilityTimeout: String(queue.declaration.visibilityTimeoutSeconds),
        },
      };
    }
    throw new SqsFault(
      'UnsupportedOperation',
      'AWS.SimpleQueueService.UnsupportedOperation',
      `${target} is not supported by the local SQS`,
    );
  }

  ctx.registerLocalEndpoint('GET', '/_local/queues.json', (_req, res) => {
    const now = nowMs();
    const view = (message: StoredMessage) => ({
      messageId: message.messageId,
      receiveCount: message.receiveCount,
      visibleAt: new Date(message.visibleAt).toISOString(),
      body: message.body,
    });
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        [...queues.values()].map((queue) => ({
          queue: queue.declaration.id,
          maxConcurrency: queue.declaration.maxConcurrency,
          invocations: queue.invocations,
          waiting: queue.messages.filter((message) => message.visibleAt <= now).length,
          inFlight: queue.messages.filter((message) => message.inFlight > 0).length,
          hidden: queue.messages.filter((message) => message.visibleAt > now).map(view),
          deadLetters: queue.deadLetters.map((message) => ({
            ...view(message),
            consumed: Boolean(message.consumed),
          })),
        })),
        null,
        2,
      ),
    );
  });

  const stopWatchingClock = onTestClockMoved(() => {
    for (const queue of queues.values()) pump(queue);
  });
  for (const queue of queues.values()) pump(queue);

  return {
    env: Object.fromEntries([
      ['AWS_ENDPOINT_URL_SQS', endpoint],
      ...QUEUES.map((declaration) => [queueUrlVariable(declaration.id), queueUrl(declaration.id)]),
      ...Object.entries(deadLetterEnvironment(QUEUES.map((declaration) => `${declaration.id}-dlq` as const))),
    ]),
    async stop() {
      save();
      stopped = true;
      stopWatchingClock();
      for (const queue of queues.values()) clearTimeout(queue.timer);
      // The consumers at work finish (their results are not kept: those messages come back after a restart).
      await Promise.allSettled([...running]);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
