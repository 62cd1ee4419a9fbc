import { logger } from '../../functions/core/logger.ts';
import { observedJob } from '../../functions/core/observability.ts';
import {
  runTaxDocuments,
  TaxDocumentsEventSchema,
  type TaxDocumentsSummary,
} from '../../functions/core/tax-invoices/tax-documents-run.ts';

/**
 * The issue-tax-documents schedule target (shared/jobs/schedules.ts): the hourly run, or one payment's
 * invoice a minute after it. A malformed event is logged and dropped (retrying cannot fix it); a run with
 * a failed step throws, so Lambda runs it again (nothing is issued twice).
 */
export const handler = observedJob(
  'issue-tax-documents',
  async (event: unknown): Promise<TaxDocumentsSummary | 'malformed'> => {
    const run = TaxDocumentsEventSchema.safeParse(event ?? {});
    if (!run.success) {
      logger.error('Malformed tax documents run', { event });
      return 'malformed';
    }
    return runTaxDocuments(run.data);
  },
);
