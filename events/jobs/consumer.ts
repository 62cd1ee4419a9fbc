import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { BulkJobMessageSchema } from '../../functions/core/jobs/item-processors.ts';
import { runBatch } from '../../functions/core/jobs/run-batch.ts';
import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';
import './processors.ts';

/**
 * The consumer of the bulk-job queues (shared/jobs/queues.ts). Each record is one message of a job;
 * a record that fails (malformed, unknown kind, infrastructure error) is reported alone in
 * batchItemFailures, so SQS retries only it and moves it to the dead-letter queue after
 * maxReceiveCount deliveries. Item-level refusals are not failures: they are recorded on the job.
 */
export const handler = observedJob(
  'bulk-jobs-consumer',
  async (event: SQSEvent): Promise<SQSBatchResponse> => {
    const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
    for (const record of event.Records) {
      try {
        const message = BulkJobMessageSchema.parse(JSON.parse(record.body));
        await runBatch(message);
      } catch (error) {
        logger.warn('Bulk job message failed', {
          messageId: record.messageId,
          receiveCount: record.attributes?.ApproximateReceiveCount,
          error,
        });
        batchItemFailures.push({ itemIdentifier: record.messageId });
      }
    }
    return { batchItemFailures };
  },
);
