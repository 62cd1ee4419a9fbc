import type { SQSBatchResponse, SQSRecord } from 'aws-lambda';
import { nowMs } from '../../functions/core/clock.ts';
import {
  DEAD_LETTER_CONSUMER,
  type DeadLetterSource,
  deadLetterArnVariable,
} from '../../shared/attention/dead-letters.ts';
import { EMULATED_ACCOUNT } from '../deploy/aws-emulator.ts';
import type { StandInContext } from './stand-in-context.ts';

/**
 * The dead-letter queues of the SQS and scheduler stand-ins, read as Lambda's event source mapping on
 * each queue reads it in AWS (infra/jobs-stack.ts): every dead letter is handed to the same consumer
 * (shared/attention/dead-letters.ts) until it takes it; one it fails comes back after the queue's
 * visibility timeout (SQS's default, 30 s, as the dead-letter queues are created), on the test clock.
 */
/**
 * The account and region the stand-ins answer for: the deploy check's (its emulator's account), so that
 * the cloud assembly synthesized for it names the stand-ins' queues and ARNs (`npm start -- --lambda`).
 */
export const LOCAL_ACCOUNT = EMULATED_ACCOUNT;
export const LOCAL_REGION = 'ap-northeast-2';
const DEAD_LETTER_VISIBILITY_MS = 30_000;

export const deadLetterQueueArn = (id: DeadLetterSource['id']) =>
  `arn:aws:sqs:${LOCAL_REGION}:${LOCAL_ACCOUNT}:${id}`;

/** The consumer's environment: which ARN is which dead-letter queue. */
export function deadLetterEnvironment(ids: readonly DeadLetterSource['id'][]): Record<string, string> {
  return Object.fromEntries(ids.map((id) => [deadLetterArnVariable(id), deadLetterQueueArn(id)]));
}

/** A dead letter as the stand-ins keep it: until the consumer has taken it. */
export interface KeptDeadLetter {
  messageId: string;
  /** Taken by the consumer (deleted from the queue in AWS; kept here for `/_local/` to show). */
  consumed?: boolean;
  /** Receives by the consumer so far, and when the next may happen (test-clock ms). */
  consumerReceives?: number;
  consumerVisibleAt?: number;
  consumerBusy?: boolean;
}

/**
 * Hands each dead letter due to the consumer, one per invocation (DEAD_LETTER_BATCH_SIZE), and marks it
 * consumed when the consumer did not report it failed. `record` makes its SQS record. Answers when all
 * handed over now have finished.
 */
export async function consumeDeadLetters<Letter extends KeptDeadLetter>(
  ctx: Pick<StandInContext, 'invokeModule'>,
  id: DeadLetterSource['id'],
  letters: readonly Letter[],
  record: (
    letter: Letter,
  ) => Omit<SQSRecord, 'eventSourceARN' | 'eventSource' | 'awsRegion' | 'receiptHandle'>,
): Promise<void> {
  const now = nowMs();
  const due = letters.filter(
    (letter) => !letter.consumed && !letter.consumerBusy && (letter.consumerVisibleAt ?? 0) <= now,
  );
  await Promise.all(
    due.map(async (letter) => {
      letter.consumerBusy = true;
      letter.consumerReceives = (letter.consumerReceives ?? 0) + 1;
      letter.consumerVisibleAt = now + DEAD_LETTER_VISIBILITY_MS;
      const base = record(letter);
      const event = {
        Records: [
          {
            ...base,
            attributes: { ...base.attributes, ApproximateReceiveCount: String(letter.consumerReceives) },
            receiptHandle: Buffer.from(`${letter.messageId}:dlq:${letter.consumerReceives}`).toString(
              'base64',
            ),
            eventSource: 'aws:sqs',
            eventSourceARN: deadLetterQueueArn(id),
            awsRegion: LOCAL_REGION,
          },
        ],
      };
      try {
        const answer = (await ctx.invokeModule(`events/${DEAD_LETTER_CONSUMER}`, event, undefined, {
          queueArn: deadLetterQueueArn(id),
        })) as SQSBatchResponse | undefined;
        if (!answer?.batchItemFailures?.length) letter.consumed = true;
      } catch (error) {
        console.error(`The dead-letter consumer threw on ${letter.messageId}; it comes back`, error);
      } finally {
        letter.consumerBusy = false;
      }
    }),
  );
}

/** When the next dead letter not yet consumed (nor being handed over) may be handed over, if any. */
export function nextDeadLetterDue(letters: readonly KeptDeadLetter[]): number | undefined {
  const times = letters
    .filter((letter) => !letter.consumed && !letter.consumerBusy)
    .map((letter) => letter.consumerVisibleAt ?? 0);
  return times.length ? Math.min(...times) : undefined;
}
