import * as z from 'zod';
import { FINANCE_PREPARATION_TARGET } from '../../../shared/jobs/schedules.ts';
import { scheduleOnce } from '../adapters/scheduler.ts';
import { nowMs } from '../clock.ts';
import { logger } from '../logger.ts';
import { ensureTaxDocumentsScheduled } from '../tax-invoices/tax-documents-run.ts';
import { type BackfillSummary, backfillFinanceKeys } from './finance-backfill.ts';
import { ensureReconciliationScheduled } from './reconciliation.ts';

/**
 * What a deployment does for the finance view (shared/jobs/schedules.ts FINANCE_PREPARATION_TARGET): the
 * backfill of older items, then the daily reconciliation's next run made sure of, and the hourly tax
 * documents' run (functions/core/tax-invoices/tax-documents-run.ts). The jobs stack deploys
 * before the service stacks, so the previous routes still run for a while after the trigger: the
 * deployment's pass (`first`) schedules a second one (`last`) an hour later, which gives what they
 * wrote meanwhile its keys. On one machine `npm start` runs a `last` pass: there is no deployment window.
 */
export const PrepareFinanceEventSchema = z.object({
  pass: z.enum(['first', 'last']).default('first'),
  /** Whether to make sure of the reconciliation's next run (a local runtime may leave it unscheduled). */
  reconcile: z.boolean().default(true),
  /** Whether to make sure of the tax documents' next hourly run (idem). */
  taxDocuments: z.boolean().default(true),
});
export type PrepareFinanceEvent = z.input<typeof PrepareFinanceEventSchema>;

/** How long after the deployment's pass the second one runs: past the service stacks' update. */
export const SECOND_PASS_DELAY_MS = 3_600_000;

export async function prepareFinance(
  event: z.output<typeof PrepareFinanceEventSchema>,
): Promise<BackfillSummary & { reconciles: string | undefined }> {
  const summary = await backfillFinanceKeys(event.pass);
  const reconciles = event.reconcile ? await ensureReconciliationScheduled() : undefined;
  if (event.taxDocuments) await ensureTaxDocumentsScheduled();
  if (event.pass === 'first') {
    const at = nowMs() + SECOND_PASS_DELAY_MS;
    await scheduleOnce({
      name: `finance-backfill-${Math.floor(at / 1000)}`,
      at: new Date(at),
      targetId: FINANCE_PREPARATION_TARGET.id,
      payload: { pass: 'last' } satisfies PrepareFinanceEvent,
    });
  }
  // Every deployment after the first finds the migration done, a fresh table has nothing: not news.
  const details = { ...summary, pass: event.pass, reconciles };
  if (summary.payments + summary.plansIndexed > 0) logger.info('Finance keys given', details);
  else logger.debug('No finance keys to give', details);
  return { ...summary, reconciles };
}
