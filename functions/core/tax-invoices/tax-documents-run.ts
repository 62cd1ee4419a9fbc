import { DateTime } from 'luxon';
import * as z from 'zod';
import { kstDayOf } from '../../../shared/finance/ledger.ts';
import { TAX_DOCUMENTS_TARGET } from '../../../shared/jobs/schedules.ts';
import { nearDeadline, writeDateOf } from '../../../shared/tax-invoices/tax-invoice-deadlines.ts';
import { KST_DATE, KST_MONTH, KST_ZONE } from '../../../shared/time/kst.ts';
import { scheduleOnce } from '../adapters/scheduler.ts';
import { nowMs } from '../clock.ts';
import { type LedgerEntry, ledgerOfDay } from '../data/finance-repository.ts';
import {
  ABANDONED_INVOICE_CLAIM_MS,
  claimInvoiceAgain,
  getTaxInvoice,
  getTaxInvoiceRequest,
  invoicesInState,
  ledgerReadTo,
  monthRequestsInState,
  setLedgerReadTo,
  type TaxInvoice,
  type TaxInvoiceRequest,
} from '../data/tax-invoice-repository.ts';
import { logger } from '../logger.ts';
import { countMetric } from '../observability.ts';
import { holidaysFor } from '../refunds/holidays.ts';
import { depositDocuments } from './deposit-documents.ts';
import { amendForRefund, runAmendment } from './invoice-amendments.ts';
import {
  deadlineOf,
  followIssued,
  issueNewInvoice,
  MONTHLY_LINES,
  settleAbandoned,
} from './invoice-issuing.ts';

/**
 * The tax documents' run (shared/jobs/schedules.ts TAX_DOCUMENTS_TARGET): every hour, so that no tax
 * invoice waits for a person unless Popbill refuses it, and none is late unnoticed.
 * 1. The ledger since the last run (ledger.ts: every payment and refund, each on its KST day): a direct
 *    deposit's documents (deposit-documents.ts), a refund's amended invoice (invoice-amendments.ts).
 * 2. The requests waiting: a payment's invoice at once (normally issued a minute after the payment by a
 *    run for it alone), a month's invoices once the month has ended (one per buyer, 90 payments at most).
 * 3. The invoices left open: a claim a run abandoned settled from what Popbill holds; an issued one
 *    followed until the NTS has it (or refused it).
 * 4. The invoices still open two business days or less before their deadline counted: the
 *    TaxInvoicesNearDeadline metric, whose alarm (infra/monitoring-stack.ts) fires while any is.
 * Each run schedules the next one first. Everything is idempotent (claims, conditional writes), so a run
 * delivered twice or retried issues nothing twice; a step that fails for one item does not stop the
 * others, and the run then fails (Lambda's retries run it again).
 */
export const TaxDocumentsEventSchema = z.object({ merchantUid: z.string().min(1).max(64).optional() });
export type TaxDocumentsEvent = z.infer<typeof TaxDocumentsEventSchema>;

export const TAX_DOCUMENTS_INTERVAL_MS = 3_600_000;
/** The ledger read from this many days back by the first run (what was paid and refunded just before it). */
const FIRST_LOOKBACK_DAYS = 7;
/** The months whose waiting requests a run looks at: this one and the two before (a month's invoices are due in the next). */
const MONTHS_LOOKED_AT = 3;
const LEDGER_CURSOR = 'ledger';
/** The scheduler runs a one-off schedule within a minute of its time; never sooner than that from now. */
const SCHEDULE_LEAD_MS = 60_000;

export interface TaxDocumentsSummary {
  invoices: number;
  amendments: number;
  depositDocuments: number;
  followed: number;
  nearDeadline: number;
  failures: number;
}

const kst = (ms: number) => DateTime.fromMillis(ms, { zone: KST_ZONE });

/** The schedule of the run due at an hour (KST), e.g. tax-documents-2026113014. */
export function taxDocumentsScheduleName(at: number): string {
  return `tax-documents-${kst(at).toFormat('yyyyMMddHH')}`;
}

/** Makes sure the next hourly run is scheduled (by every run, and at deployment: prepare-finance.ts). */
export async function ensureTaxDocumentsScheduled(at: number = nowMs()): Promise<string> {
  const next = kst(at).startOf('hour').plus({ milliseconds: TAX_DOCUMENTS_INTERVAL_MS }).toMillis();
  const name = taxDocumentsScheduleName(next);
  await scheduleOnce({
    name,
    at: new Date(Math.max(next, at + SCHEDULE_LEAD_MS)),
    targetId: TAX_DOCUMENTS_TARGET.id,
    payload: {} satisfies TaxDocumentsEvent,
  });
  return name;
}

/** The run: for one payment's invoice (right after it), or the hourly one. */
export async function runTaxDocuments(event: TaxDocumentsEvent): Promise<TaxDocumentsSummary> {
  const summary: TaxDocumentsSummary = {
    invoices: 0,
    amendments: 0,
    depositDocuments: 0,
    followed: 0,
    nearDeadline: 0,
    failures: 0,
  };
  const step = async (what: string, work: () => Promise<unknown>) => {
    try {
      await work();
    } catch (error) {
      summary.failures += 1;
      logger.error(`Tax documents: ${what} failed`, { error });
    }
  };
  if (event.merchantUid) {
    const request = await getTaxInvoiceRequest(event.merchantUid);
    if (request && isDueAtOnce(request) && (await issueNewInvoice([request], 'each'))) summary.invoices += 1;
    return summary;
  }
  await ensureTaxDocumentsScheduled();
  await step('the ledger', () => readLedger(summary, step));
  await step('the waiting requests', () => issueWaiting(summary, step));
  await step('the open invoices', () => settleOpen(summary, step));
  await step('the deadlines', async () => {
    summary.nearDeadline = await countNearDeadline();
  });
  countMetric('taxInvoicesNearDeadline', summary.nearDeadline);
  if (summary.nearDeadline > 0)
    logger.error('Tax invoices still open two business days or less before their deadline', {
      count: summary.nearDeadline,
    });
  logger.info('Tax documents run', { ...summary });
  if (summary.failures > 0) throw new Error(`The tax documents' run failed ${summary.failures} step(s)`);
  return summary;
}

type Step = (what: string, work: () => Promise<unknown>) => Promise<void>;

const isDueAtOnce = (request: TaxInvoiceRequest | undefined): boolean =>
  request?.state === 'requested' && request.timing === 'each' && request.currency === 'KRW';

function daysFrom(first: string, last: string): string[] {
  const days: string[] = [];
  for (let day = DateTime.fromFormat(first, KST_DATE, { zone: KST_ZONE }); ; day = day.plus({ days: 1 })) {
    const text = day.toFormat(KST_DATE);
    if (text > last) return days;
    days.push(text);
  }
}

/**
 * The ledger's days from where the last run stopped (it read them to the end) to today: a deposit's
 * documents, a refund's amendment. The next run starts again from yesterday (an entry written just after
 * midnight may carry the day before), or from the day of an amendment that had to wait for its invoice.
 */
async function readLedger(summary: TaxDocumentsSummary, step: Step): Promise<void> {
  const now = nowMs();
  const today = kstDayOf(now);
  const from = (await ledgerReadTo(LEDGER_CURSOR)) ?? kstDayOf(now - FIRST_LOOKBACK_DAYS * 86_400_000);
  let waiting: string | undefined;
  for (const day of daysFrom(from, today)) {
    for (const entry of await ledgerOfDay(day)) {
      await step(`the ledger entry ${entry.entryId}`, async () => {
        const outcome = await entryDocuments(entry);
        if (outcome === 'document') summary.depositDocuments += 1;
        if (outcome === 'amended') summary.amendments += 1;
        if (outcome === 'deferred') waiting ??= day;
      });
    }
  }
  const yesterday = kstDayOf(now - 86_400_000);
  const next = waiting !== undefined && waiting < yesterday ? waiting : yesterday;
  if (next > from) await setLedgerReadTo(LEDGER_CURSOR, next);
}

async function entryDocuments(entry: LedgerEntry): Promise<'document' | 'amended' | 'deferred' | 'none'> {
  if (entry.kind === 'payment') return (await depositDocuments(entry)) === 'none' ? 'none' : 'document';
  const result = await amendForRefund(entry);
  if (result === 'amended' || result === 'cancelled') return 'amended';
  return result === 'deferred' ? 'deferred' : 'none';
}

/** The months (yyyy-MM, KST) a run looks at, oldest first. */
function monthsLookedAt(now: number): string[] {
  const month = kst(now).startOf('month');
  return Array.from({ length: MONTHS_LOOKED_AT }, (_, index) =>
    month.minus({ months: MONTHS_LOOKED_AT - 1 - index }).toFormat(KST_MONTH),
  );
}

async function waitingRequests(now: number): Promise<TaxInvoiceRequest[]> {
  const months = await Promise.all(
    monthsLookedAt(now).map((month) => monthRequestsInState(month, 'requested')),
  );
  return months.flat();
}

/** Issues what is due: each payment's invoice, and the months that have ended, per buyer. */
async function issueWaiting(summary: TaxDocumentsSummary, step: Step): Promise<void> {
  const now = nowMs();
  const thisMonth = kst(now).toFormat(KST_MONTH);
  const monthly = new Map<string, TaxInvoiceRequest[]>();
  for (const request of await waitingRequests(now)) {
    if (isDueAtOnce(request))
      await step(`the invoice of ${request.merchantUid}`, async () => {
        if (await issueNewInvoice([request], 'each')) summary.invoices += 1;
      });
    else if (request.timing === 'monthly' && request.currency === 'KRW' && request.month < thisMonth) {
      const key = `${request.uid}:${request.month}`;
      monthly.set(key, [...(monthly.get(key) ?? []), request]);
    }
  }
  for (const [key, requests] of monthly) {
    const ordered = requests.sort((a, b) => a.paidAt - b.paidAt);
    for (let start = 0; start < ordered.length; start += MONTHLY_LINES)
      await step(`the month's invoice of ${key}`, async () => {
        if (await issueNewInvoice(ordered.slice(start, start + MONTHLY_LINES), 'monthly'))
          summary.invoices += 1;
      });
  }
}

/** Claims abandoned by a run that died settled; issued invoices followed until the NTS has them. */
async function settleOpen(summary: TaxDocumentsSummary, step: Step): Promise<void> {
  const now = nowMs();
  for (const invoice of await invoicesInState('issuing')) {
    if (invoice.claimedAt > now - ABANDONED_INVOICE_CLAIM_MS) continue;
    await step(`the abandoned claim ${invoice.mgtKey}`, async () => {
      if (invoice.kind !== 'cancellation') return settleAbandoned(invoice);
      if (await claimInvoiceAgain(invoice, [], now))
        await runAmendment((await getTaxInvoice(invoice.mgtKey)) as TaxInvoice);
    });
  }
  for (const invoice of await invoicesInState('issued')) {
    if (invoice.byHand) continue;
    await step(`following ${invoice.mgtKey}`, async () => {
      if ((await followIssued(invoice)) !== invoice.state) summary.followed += 1;
    });
  }
}

/** The holidays that decide deadlines in the month of `deadlineMonth`. */
const holidaysOfMonth = (deadlineMonth: string) =>
  holidaysFor(DateTime.fromFormat(deadlineMonth, KST_MONTH, { zone: KST_ZONE }).toMillis());

/**
 * The invoices not issued yet whose deadline is two business days away or less (or past): requests
 * waiting (in won or not: one in another currency waits for a person), claims in flight, refusals.
 */
export async function countNearDeadline(now: number = nowMs()): Promise<number> {
  const deadlines: string[] = [];
  for (const request of await waitingRequests(now))
    deadlines.push(await deadlineOf(writeDateOf(request.timing, request.paidAt)));
  for (const state of ['issuing', 'failed'] as const)
    for (const invoice of await invoicesInState(state)) deadlines.push(invoice.deadline);
  let count = 0;
  for (const deadline of deadlines) {
    const holidays = await holidaysOfMonth(deadline.slice(0, 7));
    if (nearDeadline(now, deadline, holidays)) count += 1;
  }
  return count;
}
