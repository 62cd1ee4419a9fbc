import type { SQSBatchResponse, SQSEvent } from 'aws-lambda';
import { raiseDeadLetterCase } from '../../functions/core/attention/dead-letter-cases.ts';
import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';

/**
 * The consumer of every dead-letter queue (shared/attention/dead-letters.ts): each message becomes an
 * attention case. A message it cannot record is reported alone, so SQS delivers it again; the dead
 * letter is kept until it is on the attention page.
 */
export const handler = observedJob('dead-letters', async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const batchItemFailures: SQSBatchResponse['batchItemFailures'] = [];
  for (const record of event.Records) {
    try {
      await raiseDeadLetterCase(record);
      logger.info('Dead letter listed on the attention page', { messageId: record.messageId });
    } catch (error) {
      logger.error('Dead letter not listed', { messageId: record.messageId, error });
      batchItemFailures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures };
});
