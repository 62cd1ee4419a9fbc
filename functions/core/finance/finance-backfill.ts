import { toMinorUnits } from '../../../shared/currency.ts';
import { refundSourceOf } from '../../../shared/refunds/refund-sources.ts';
import {
  indexPlanByExpiry,
  itemsToBackfill,
  markMigrationCompleted,
  migrationCompleted,
} from '../data/finance-backfill-repository.ts';
import {
  type LedgerEntry,
  ledgerOfPayment,
  paymentEntry,
  putLedgerEntries,
  refundEntry,
} from '../data/finance-repository.ts';
import type { Payment } from '../data/user-plan-repository.ts';

/**
 * The finance keys of items written before they existed (issue 27, point 4), given at deployment (the
 * jobs stack's trigger, events/finance/prepare-finance.ts), as the price book is: every Payment gets its
 * ledger entry, a refunded one an entry for what was returned before the ledger, and every plan its
 * byExpiry keys. Everything it writes is idempotent (puts keyed by the entry, keys computed from the
 * item), so a second pass (the deployment schedules one an hour later, for what the old code wrote while
 * the new one was being deployed) writes only what is still missing. Once a last pass has run to its end
 * the migration is marked done, and later deployments read nothing.
 *
 * A refund recorded before the ledger has no time of its own (the payment kept only its cancelled
 * amount): its entry is dated at the payment's time and marked `timeEstimated`, and its source is the
 * payment's own way (a refund to the product account made before cannot be told apart).
 */
/** The migration's name (a change that needs it run again gives it a new one). */
export const FINANCE_KEYS_MIGRATION = 'finance-keys-1';

export interface BackfillSummary {
  /** Done by an earlier last pass: nothing read. */
  skipped: boolean;
  payments: number;
  refundsEstimated: number;
  plansIndexed: number;
}

export async function backfillFinanceKeys(pass: 'first' | 'last'): Promise<BackfillSummary> {
  const summary: BackfillSummary = { skipped: false, payments: 0, refundsEstimated: 0, plansIndexed: 0 };
  if (await migrationCompleted(FINANCE_KEYS_MIGRATION)) return { ...summary, skipped: true };
  for await (const { payments, plans } of itemsToBackfill()) {
    const entries: LedgerEntry[] = payments.map(paymentEntry);
    for (const payment of payments) {
      const estimated = await refundBeforeLedger(payment);
      if (estimated) entries.push(estimated);
    }
    await putLedgerEntries(entries);
    summary.payments += payments.length;
    summary.refundsEstimated += entries.length - payments.length;
    for (const plan of plans) if (await indexPlanByExpiry(plan)) summary.plansIndexed += 1;
  }
  if (pass === 'last') await markMigrationCompleted(FINANCE_KEYS_MIGRATION);
  return summary;
}

/** What a payment returned that no refund entry accounts for, as one estimated entry (or none). */
async function refundBeforeLedger(payment: Payment): Promise<LedgerEntry | undefined> {
  if (payment.cancelledAmount <= 0) return undefined;
  const recorded = (await ledgerOfPayment(payment.merchantUid)).filter((entry) => entry.kind === 'refund');
  const minor = (amount: number) => toMinorUnits(amount, payment.currency);
  const covered = recorded.reduce((sum, entry) => sum + minor(entry.amount), 0);
  const missing = minor(payment.cancelledAmount) - covered;
  if (missing <= 0 || recorded.some((entry) => entry.timeEstimated)) return undefined;
  return refundEntry(
    { ...payment, cancelledAmount: 0 },
    {
      amount: missing / minor(1),
      source: refundSourceOf(payment),
      at: payment.paidAt,
      timeEstimated: true,
    },
  );
}
