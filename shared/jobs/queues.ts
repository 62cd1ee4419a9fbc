/**
 * The SQS queues of bulk jobs, declared once: the stateful stack creates each with its dead-letter
 * queue, the jobs stack wires its consumer, and the local stand-in delivers to the same consumer with
 * the same batch size, concurrency, visibility timeout and redrive. A bulk job is split into messages
 * of at most `itemsPerMessage` items (300 for usage grants, direct deposits and survey targets; 10 for
 * user creation), fewer when their items would not fit in one message (SQS_LIMITS).
 */
export interface QueueDeclaration {
  /** Logical name, used in stack ids, environment variables and local queue names. */
  readonly id: string;
  readonly itemsPerMessage: number;
  /** Messages handed to one consumer invocation (the Lambda event source batch size). */
  readonly messagesPerInvocation: number;
  /**
   * Consumer invocations at once (the event source mapping's `maxConcurrency`, 2 to 1000): the job's
   * messages are worked on side by side, so the consumers must count each item once whatever runs
   * beside them.
   */
  readonly maxConcurrency: number;
  /**
   * Receives before a message moves to the dead-letter queue: at least 5, as AWS recommends for a
   * Lambda consumer (throttled or duplicate receives count too).
   */
  readonly maxReceiveCount: number;
  /**
   * How long a received message stays hidden: a message whose consumer failed or outlived it comes back
   * after it. Six times the consumer's timeout (`consumerTimeoutSeconds`), as AWS recommends.
   */
  readonly visibilityTimeoutSeconds: number;
  /** The consumer function's timeout. */
  readonly consumerTimeoutSeconds: number;
  /** Consumer module below `events/`, without extension. */
  readonly consumer: string;
}

export const QUEUES = [
  {
    id: 'bulk-items',
    itemsPerMessage: 300,
    messagesPerInvocation: 1,
    maxConcurrency: 5,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 900,
    consumerTimeoutSeconds: 150,
    consumer: 'jobs/consumer',
  },
  {
    id: 'bulk-user-create',
    itemsPerMessage: 10,
    messagesPerInvocation: 1,
    // Each row hashes a password (scrypt, 128 MiB and most of a second): few at once.
    maxConcurrency: 2,
    maxReceiveCount: 5,
    visibilityTimeoutSeconds: 300,
    consumerTimeoutSeconds: 50,
    consumer: 'jobs/consumer',
  },
] as const satisfies readonly QueueDeclaration[];

export type QueueId = (typeof QUEUES)[number]['id'];

/**
 * What SQS refuses, in bytes of UTF-8 (the message body; the product sends no attributes): a message
 * over `messageBytes` (InvalidParameterValue), a SendMessageBatch of more than `entriesPerBatch` entries
 * (TooManyEntriesInBatchRequest) or whose messages add up to more than `batchBytes`
 * (BatchRequestTooLong). The queues are created with `messageBytes` as their MaximumMessageSize, so
 * these hold in AWS as on one machine; the senders pack their messages to fit.
 * https://docs.aws.amazon.com/AWSSimpleQueueService/latest/SQSDeveloperGuide/quotas-messages.html
 */
export const SQS_LIMITS = {
  messageBytes: 262_144,
  batchBytes: 262_144,
  entriesPerBatch: 10,
} as const;

/** Environment variable that carries a queue's URL to the functions that send to it. */
export function queueUrlVariable(id: QueueId): `QUEUE_URL_${string}` {
  return `QUEUE_URL_${id.toUpperCase().replace(/-/g, '_')}`;
}
