import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SQSBatchResponse, SQSEvent, SQSRecord } from 'aws-lambda';
import { QUEUES, type QueueDeclaration, queueUrlVariable } from '../../../shared/jobs/queues.ts';
import type { StandIn, StandInContext } from '../stand-in-context.ts';

/**
 * SQS on one machine. It speaks the SQS JSON protocol of AWS SDK v3 (SendMessage, SendMessageBatch,
 * GetQueueUrl, GetQueueAttributes), so the production queue adapter runs unchanged against it, and it
 * delivers to each queue's consumer module the event Lambda's SQS event source would: the declared
 * batch size, partial batch failures honoured, failed messages visible again after a delay and moved
 * to the dead-letter queue after maxReceiveCount receives. Messages live in memory.
 */
const ACCOUNT = '000000000000';
const REGION = 'ap-northeast-2';

interface StoredMessage {
  messageId: string;
  body: string;
  md5: string;
  sentAt: number;
  firstReceivedAt?: number;
  receiveCount: number;
  visibleAt: number;
}

interface LocalQueue {
  declaration: QueueDeclaration;
  messages: StoredMessage[];
  inFlight: number;
  deadLetters: StoredMessage[];
  timer?: NodeJS.Timeout;
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

export async function start(ctx: StandInContext, options: { retryDelayMs?: number } = {}): Promise<StandIn> {
  const retryDelayMs = options.retryDelayMs ?? Number(process.env.LOCAL_SQS_RETRY_DELAY_MS ?? 1000);
  const queues = new Map<string, LocalQueue>(
    QUEUES.map((declaration) => [
      declaration.id,
      { declaration, messages: [], inFlight: 0, deadLetters: [] },
    ]),
  );
  let stopped = false;

  function schedule(queue: LocalQueue, delayMs: number): void {
    if (stopped || queue.timer) return;
    queue.timer = setTimeout(() => {
      queue.timer = undefined;
      void deliver(queue);
    }, delayMs);
  }

  async function deliver(queue: LocalQueue): Promise<void> {
    if (stopped) return;
    const now = Date.now();
    const batch = queue.messages
      .filter((message) => message.visibleAt <= now)
      .slice(0, queue.declaration.messagesPerInvocation);
    if (batch.length === 0) {
      const next = Math.min(...queue.messages.map((message) => message.visibleAt));
      if (Number.isFinite(next)) schedule(queue, Math.max(0, next - now));
      return;
    }
    for (const message of batch) {
      message.receiveCount += 1;
      message.firstReceivedAt ??= now;
      message.visibleAt = Number.POSITIVE_INFINITY;
    }
    queue.inFlight += batch.length;
    const event: SQSEvent = { Records: batch.map((message) => record(queue, message)) };
    let failedIds: Set<string>;
    try {
      const answer = (await ctx.invokeModule(`events/${queue.declaration.consumer}`, event)) as
        | SQSBatchResponse
        | undefined;
      failedIds = new Set((answer?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      console.error(`Consumer of ${queue.declaration.id} threw; the whole batch will be retried`, error);
      failedIds = new Set(batch.map((message) => message.messageId));
    }
    queue.inFlight -= batch.length;
    for (const message of batch) {
      const index = queue.messages.indexOf(message);
      if (!failedIds.has(message.messageId)) {
        queue.messages.splice(index, 1);
      } else if (message.receiveCount >= queue.declaration.maxReceiveCount) {
        queue.messages.splice(index, 1);
        queue.deadLetters.push(message);
      } else {
        message.visibleAt = Date.now() + retryDelayMs;
      }
    }
    schedule(queue, 0);
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
      sentAt: Date.now(),
      receiveCount: 0,
      visibleAt: Date.now(),
    };
    queue.messages.push(message);
    schedule(queue, 0);
    return message;
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
  function fault(res: ServerResponse, type: string, message: string): void {
    res.writeHead(400, {
      'content-type': 'application/x-amz-json-1.0',
      'x-amzn-query-error': `AWS.SimpleQueueService.${type};Sender`,
    });
    res.end(JSON.stringify({ __type: `com.amazonaws.sqs#${type}`, message }));
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const target = String(req.headers['x-amz-target'] ?? '').replace('AmazonSQS.', '');
    const input = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}') as Record<string, unknown>;
    if (target === 'GetQueueUrl') {
      const queue = queues.get(String(input.QueueName));
      return queue
        ? reply(res, 200, { QueueUrl: queueUrl(queue.declaration.id) })
        : fault(res, 'QueueDoesNotExist', 'No such queue');
    }
    const queue = queueOf(input.QueueUrl);
    if (!queue) return fault(res, 'QueueDoesNotExist', `No queue at ${String(input.QueueUrl)}`);
    if (target === 'SendMessage') {
      const message = enqueue(queue, String(input.MessageBody));
      return reply(res, 200, { MessageId: message.messageId, MD5OfMessageBody: message.md5 });
    }
    if (target === 'SendMessageBatch') {
      const entries = (input.Entries ?? []) as Array<{ Id: string; MessageBody: string }>;
      if (entries.length === 0 || entries.length > 10)
        return fault(res, 'TooManyEntriesInBatchRequest', 'Send 1 to 10 entries');
      const successful = entries.map((entry) => {
        const message = enqueue(queue, entry.MessageBody);
        return { Id: entry.Id, MessageId: message.messageId, MD5OfMessageBody: message.md5 };
      });
      return reply(res, 200, { Successful: successful, Failed: [] });
    }
    if (target === 'GetQueueAttributes') {
      return reply(res, 200, {
        Attributes: {
          ApproximateNumberOfMessages: String(
            queue.messages.filter((message) => message.visibleAt !== Number.POSITIVE_INFINITY).length,
          ),
          ApproximateNumberOfMessagesNotVisible: String(queue.inFlight),
          QueueArn: `arn:aws:sqs:${REGION}:${ACCOUNT}:${queue.declaration.id}`,
        },
      });
    }
    return fault(res, 'UnsupportedOperation', `${target} is not supported by the local SQS`);
  }

  ctx.registerLocalEndpoint('GET', '/_local/queues.json', (_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify(
        [...queues.values()].map((queue) => ({
          queue: queue.declaration.id,
          waiting: queue.messages.length - queue.inFlight,
          inFlight: queue.inFlight,
          deadLetters: queue.deadLetters.map(({ messageId, body, receiveCount }) => ({
            messageId,
            receiveCount,
            body,
          })),
        })),
        null,
        2,
      ),
    );
  });

  return {
    env: Object.fromEntries([
      ['SQS_ENDPOINT', endpoint],
      ...QUEUES.map((declaration) => [queueUrlVariable(declaration.id), queueUrl(declaration.id)]),
    ]),
    async stop() {
      stopped = true;
      for (const queue of queues.values()) clearTimeout(queue.timer);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
