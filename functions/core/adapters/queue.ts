import { randomUUID } from 'node:crypto';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { type QueueId, queueUrlVariable, SQS_LIMITS } from '../../../shared/jobs/queues.ts';
import { traced } from '../observability.ts';
import { requiredEnvironment, settings } from '../settings.ts';

let client: SQSClient | undefined;

/** SQS, or on one machine the stand-in that speaks its protocol (the SDK's AWS_ENDPOINT_URL_SQS). */
function sqs(): SQSClient {
  client ??= traced(
    new SQSClient({
      region: settings.region,
    }),
  );
  return client;
}

/** The size SQS counts for a message: its JSON body in bytes of UTF-8. */
export function messageBytes(body: unknown): number {
  return Buffer.byteLength(JSON.stringify(body), 'utf8');
}

/**
 * Splits items into messages that SQS takes: at most `itemsPerMessage` items each, fewer when their JSON
 * would pass the maximum message size (300 long e-mail addresses can). `message` makes a message's body
 * from its place and items. Throws when one item alone cannot fit, which the routes' input limits
 * prevent.
 */
export function packItems<T, M>(
  items: readonly T[],
  itemsPerMessage: number,
  message: (index: number, items: T[]) => M,
): M[] {
  const messages: M[] = [];
  let current: T[] = [];
  const emptyBytes = () => messageBytes(message(messages.length, []));
  let currentBytes = emptyBytes();
  const close = () => {
    const body = message(messages.length, current);
    if (messageBytes(body) > SQS_LIMITS.messageBytes)
      throw new Error(`An item does not fit in a message of ${SQS_LIMITS.messageBytes} bytes`);
    messages.push(body);
    current = [];
    currentBytes = emptyBytes();
  };
  for (const item of items) {
    // Each item adds its JSON and a comma to the message's array (one byte more than needed for the first).
    const itemBytes = messageBytes(item) + 1;
    const full = current.length === itemsPerMessage || currentBytes + itemBytes > SQS_LIMITS.messageBytes;
    if (current.length > 0 && full) close();
    current.push(item);
    currentBytes += itemBytes;
  }
  if (current.length > 0) close();
  return messages;
}

/** Groups message bodies into SendMessageBatch requests: at most ten entries and the batch size each. */
export function packRequests<M>(bodies: readonly M[]): M[][] {
  const requests: M[][] = [];
  let current: M[] = [];
  let currentBytes = 0;
  for (const body of bodies) {
    const bytes = messageBytes(body);
    if (
      current.length > 0 &&
      (current.length === SQS_LIMITS.entriesPerBatch || currentBytes + bytes > SQS_LIMITS.batchBytes)
    ) {
      requests.push(current);
      current = [];
      currentBytes = 0;
    }
    current.push(body);
    currentBytes += bytes;
  }
  if (current.length > 0) requests.push(current);
  return requests;
}

/**
 * Sends messages (JSON bodies) to a declared queue in one SendMessageBatch request; they must fit in one
 * (packRequests). Answers the positions of the messages SQS refused (the others are queued); throws when
 * the request itself failed, in which case none of them is taken as queued.
 */
export async function sendMessageBatch(
  queueId: QueueId,
  bodies: readonly unknown[],
): Promise<{ refused: number[] }> {
  const url = requiredEnvironment(queueUrlVariable(queueId));
  const entries = bodies.map((body, index) => ({
    Id: `${index}-${randomUUID()}`,
    MessageBody: JSON.stringify(body),
  }));
  const answer = await sqs().send(new SendMessageBatchCommand({ QueueUrl: url, Entries: entries }));
  return { refused: (answer.Failed ?? []).map((failure) => Number(String(failure.Id).split('-')[0])) };
}
