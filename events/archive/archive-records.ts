import type { DynamoDBBatchResponse, DynamoDBStreamEvent } from 'aws-lambda';
import { archiveRecords } from '../../functions/core/archive/record-archive.ts';
import { observedJob } from '../../functions/core/observability.ts';

/**
 * The consumer of the table's stream (infra/jobs-stack.ts, filtered to the archived entities): each
 * change written to the locked copy. A batch that fails part way reports its first unwritten record, from
 * which Lambda delivers it again; past its retries the batch's place in the stream goes to the
 * record-archive dead-letter queue (docs/runbook.md).
 */
export const handler = observedJob(
  'archive-records',
  async (event: DynamoDBStreamEvent): Promise<DynamoDBBatchResponse> => {
    const failed = await archiveRecords(event.Records ?? []);
    return { batchItemFailures: failed === undefined ? [] : [{ itemIdentifier: failed }] };
  },
);
