/**
 * The SQS queues of bulk jobs, declared once: the stateful stack creates each with its dead-letter
 * queue, the jobs stack wires its consumer, and the local stand-in delivers to the same consumer
 * with the same batch size. A bulk job is split into messages of `itemsPerMessage` items
 * (300 for usage grants, direct deposits and survey targets; 10 for user creation).
 */
export interface QueueDeclaration {
  /** Logical name, used in stack ids, environment variables and local queue names. */
  readonly id: string;
  readonly itemsPerMessage: number;
  /** Messages handed to one consumer invocation (the Lambda event source batch size). */
  readonly messagesPerInvocation: number;
  /** Deliveries before a message moves to the dead-letter queue. */
  readonly maxReceiveCount: number;
  readonly visibilityTimeoutSeconds: number;
  /** Consumer module below `events/`, without extension. */
  readonly consumer: string;
}

export const QUEUES = [
  {
    id: 'bulk-items',
    itemsPerMessage: 300,
    messagesPerInvocation: 1,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 900,
    consumer: 'bulk-jobs/consumer',
  },
  {
    id: 'bulk-user-create',
    itemsPerMessage: 10,
    messagesPerInvocation: 1,
    maxReceiveCount: 3,
    visibilityTimeoutSeconds: 300,
    consumer: 'bulk-jobs/consumer',
  },
] as const satisfies readonly QueueDeclaration[];

export type QueueId = (typeof QUEUES)[number]['id'];

/** Environment variable that carries a queue's URL to the functions that send to it. */
export function queueUrlVariable(id: QueueId): string {
  return `QUEUE_URL_${id.toUpperCase().replace(/-/g, '_')}`;
}
