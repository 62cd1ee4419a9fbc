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

/** Sends messages (JSON bodies) to a declared queue, ten per request as SQS allows; throws on any refusal. */
export async function sendMessages(queueId: QueueId, bodies: readonly unknown[]): Promise<void> {
  const url = process.env[queueUrlVariable(queueId)];
  if (!url) throw new Error(`${queueUrlVariable(queueId)} is not set`);
  for (let start = 0; start < bodies.length; start += 10) {
    const entries = bodies
      .slice(start, start + 10)
      .map((body) => ({ Id: randomUUID(), MessageBody: JSON.stringify(body) }));
    const answer = await sqs().send(new SendMessageBatchCommand({ QueueUrl: url, Entries: entries }));
    if (answer.Failed?.length)
      throw new Error(`SQS refused ${answer.Failed.length} messages: ${answer.Failed[0]?.Message}`);
  }
}
