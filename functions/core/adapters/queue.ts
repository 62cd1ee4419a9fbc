import { randomUUID } from 'node:crypto';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { type QueueId, queueUrlVariable } from '../../../shared/jobs/queues.ts';

let client: SQSClient | undefined;

/** SQS, or on one machine the stand-in that speaks its protocol (SQS_ENDPOINT). */
function sqs(): SQSClient {
  client ??= new SQSClient({
    region: process.env.AWS_REGION || 'ap-northeast-2',
    ...(process.env.SQS_ENDPOINT ? { endpoint: process.env.SQS_ENDPOINT } : {}),
  });
  return client;
}

/** The most messages one SendMessageBatch request carries. */
export const MESSAGES_PER_REQUEST = 10;

/**
 * Sends up to ten messages (JSON bodies) to a declared queue in one request. Answers the positions of
 * the messages SQS refused (the others are queued); throws when the request itself failed, in which
 * case none of them is taken as queued.
 */
export async function sendMessageBatch(
  queueId: QueueId,
  bodies: readonly unknown[],
): Promise<{ refused: number[] }> {
  const url = process.env[queueUrlVariable(queueId)];
  if (!url) throw new Error(`${queueUrlVariable(queueId)} is not set`);
  if (bodies.length > MESSAGES_PER_REQUEST)
    throw new Error(`At most ${MESSAGES_PER_REQUEST} messages per request`);
  const entries = bodies.map((body, index) => ({
    Id: `${index}-${randomUUID()}`,
    MessageBody: JSON.stringify(body),
  }));
  const answer = await sqs().send(new SendMessageBatchCommand({ QueueUrl: url, Entries: entries }));
  return { refused: (answer.Failed ?? []).map((failure) => Number(String(failure.Id).split('-')[0])) };
}
