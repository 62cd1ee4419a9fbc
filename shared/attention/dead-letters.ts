import { QUEUES, type QueueId } from '../jobs/queues.ts';

/**
 * The dead-letter queues whose messages become attention cases, declared once: the stateful stack
 * creates them, the jobs stack maps the dead-letter consumer (events/attention/dead-letters.ts) onto
 * each and tells it which ARN is which, and the local SQS and scheduler stand-ins hand their dead
 * letters to the same consumer with the same ARNs. What a message is depends on who put it there:
 * - `bulk`: SQS moved a bulk job's message after its queue's maxReceiveCount; the body is the job's
 *   message unchanged (SQS keeps the body and the message id);
 * - `schedule`: EventBridge Scheduler could not hand a run to its target; the body is the schedule's
 *   input, the message attributes name the schedule and the target (SCHEDULE_ARN, TARGET_ARN) and the
 *   error (ERROR_CODE, ERROR_MESSAGE).
 *   https://docs.aws.amazon.com/scheduler/latest/UserGuide/configuring-schedule-dlq.html
 * - `scheduled-run`: a target failed a run three times (Lambda's two retries) and Lambda sent its
 *   invocation record to the on-failure destination: `requestContext.functionArn`, `requestPayload`
 *   (the run's input), `responsePayload.errorMessage`.
 *   https://docs.aws.amazon.com/lambda/latest/dg/invocation-async-retain-records.html
 */
export type DeadLetterSource =
  | { readonly id: `${QueueId}-dlq`; readonly kind: 'bulk'; readonly queueId: QueueId }
  | { readonly id: 'schedule-dead-letters'; readonly kind: 'schedule' }
  | { readonly id: 'scheduled-run-failures'; readonly kind: 'scheduled-run' };

export const DEAD_LETTER_SOURCES: readonly DeadLetterSource[] = [
  ...QUEUES.map((queue) => ({ id: `${queue.id}-dlq` as const, kind: 'bulk' as const, queueId: queue.id })),
  { id: 'schedule-dead-letters', kind: 'schedule' },
  { id: 'scheduled-run-failures', kind: 'scheduled-run' },
];

/** The consumer of every dead-letter queue, below `events/`, without extension. */
export const DEAD_LETTER_CONSUMER = 'attention/dead-letters';

/**
 * Messages handed to one invocation of the dead-letter consumer: one, so that a message that cannot be
 * read is retried alone. Dead letters are rare; no concurrency beyond the event source's minimum.
 */
export const DEAD_LETTER_BATCH_SIZE = 1;

/** Environment variable that carries a dead-letter queue's ARN to its consumer. */
export function deadLetterArnVariable(id: DeadLetterSource['id']): `DEAD_LETTER_ARN_${string}` {
  return `DEAD_LETTER_ARN_${id.toUpperCase().replace(/-/g, '_')}`;
}
