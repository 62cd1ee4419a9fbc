import * as z from 'zod';
import { attentionCaseId } from '../../../shared/attention/attention-cases.ts';
import { CURRENCIES, type Currency, toMinorUnits } from '../../../shared/currency.ts';
import { kstDayBounds } from '../../../shared/finance/ledger.ts';
import {
  nextReconciledDay,
  reconciliationRunAt,
  reconciliationScheduleName,
} from '../../../shared/finance/reconciliation.ts';
import { RECONCILIATION_TARGET } from '../../../shared/jobs/schedules.ts';
import { formatKst } from '../../../shared/time/kst.ts';
import {
  listPaymentsByStatus,
  getPayment as lookUpProviderPayment,
  type ProviderPayment,
} from '../adapters/payment-provider/portone.ts';
import { scheduleOnce } from '../adapters/scheduler.ts';
import { nowMs } from '../clock.ts';
import type { NewAttentionCase } from '../data/attention-repository.ts';
import {
  type LedgerEntry,
  ledgerOfDay,
  ledgerOfPayment,
  listFindingOnce,
} from '../data/finance-repository.ts';
import { getOrder, type PaymentOrder } from '../data/order-reads.ts';
import { getPayment } from '../data/user-plan-repository.ts';
import { logger } from '../logger.ts';
import { settings } from '../settings.ts';
import { OVERDUE_DELAY_MS } from '../subscriptions/renewal-schedule.ts';

/**
 * The daily reconciliation (issue 27, point 4): the provider's payments of a KST day (PortOne v1 lists
 * them by status and period) compared with our orders and refunds. What differs becomes an attention
 * case, one per discrepancy:
 * - provider_payment_unmatched: the provider holds money for no paid order of ours (no order, an order
 *   still open or failed, or a second payment of an order paid by another);
 * - provider_payment_missing: a payment we recorded as taken through the provider that the provider has
 *   not (no such payment, or one that never got paid);
 * - amount_mismatch: the payment's amount, or what was returned of it through the provider, differs
 *   between the provider and our records (a refund made in the provider's console, a refund recorded
 *   by us but not made there).
 * Compared: the provider's payments paid that day and those cancelled that day, and our payments of the
 * day taken through the provider; a payment of ours the provider lists on neither (paid that day,
 * cancelled since) is looked up by its imp_uid. Not compared: wallet (Naver Pay) and direct-deposit
 * payments (not at the provider), billing-key issues (no money), orders already listed as
 * refund_required (a case of their own), and on the release stage test-channel payments (no money).
 * A mismatch is looked up once more before it is listed, so a refund under way while the run reads is
 * not a discrepancy. Each finding is listed once, however often it is found (listFindingOnce).
 */
export const ReconcileEventSchema = z.object({ day: z.string().regex(/^\d{4}-\d{2}-\d{2}$/) });
export type ReconcileEvent = z.infer<typeof ReconcileEventSchema>;

export interface ReconciliationSummary {
  day: string;
  /** Provider payments of the day compared (paid or cancelled that day). */
  providerPayments: number;
  /** Our payments of the day taken through the provider. */
  recordedPayments: number;
  discrepancies: number;
  /** Of them, newly listed on the attention page by this run. */
  listed: number;
}

/**
 * Makes sure the next run is scheduled: the run of the day whose 03:00 KST is the first after now. Called
 * at deployment, at `npm start`, and by every run (so a run retried long after its day, or a chain a
 * lost run broke, continues with the run that is due next, never with a second chain of past days).
 */
export async function ensureReconciliationScheduled(at: number = nowMs()): Promise<string> {
  const day = nextReconciledDay(at);
  await scheduleOnce({
    name: reconciliationScheduleName(day),
    at: new Date(Math.max(reconciliationRunAt(day), at + OVERDUE_DELAY_MS)),
    targetId: RECONCILIATION_TARGET.id,
    payload: { day } satisfies ReconcileEvent,
  });
  return day;
}

/** A scheduled run: the next one first (a run that then fails still leaves tomorrow's), then the day. */
export async function runReconciliation(event: ReconcileEvent): Promise<ReconciliationSummary> {
  await ensureReconciliationScheduled();
  const summary = await reconcileDay(event.day);
  logger.info('Payments reconciled', { ...summary });
  return summary;
}

/** Whether a payment of the provider moved real money this stage compares. */
const compared = (payment: ProviderPayment) =>
  payment.amount > 0 && !(settings.stage === 'release' && payment.sandbox);

export async function reconcileDay(day: string): Promise<ReconciliationSummary> {
  const { fromMs, toMs } = kstDayBounds(day);
  // `to` is included by the provider: the last second of the day.
  const range = { fromSeconds: fromMs / 1000, toSeconds: toMs / 1000 - 1 };
  const [paid, cancelled, entries] = await Promise.all([
    listPaymentsByStatus('paid', range),
    listPaymentsByStatus('cancelled', range),
    ledgerOfDay(day),
  ]);
  const providerPayments = [...paid, ...cancelled].filter(compared);
  const findings: NewAttentionCase[] = [];
  const seen = new Set<string>();
  for (const payment of providerPayments) {
    seen.add(payment.impUid);
    const finding = await checkProviderPayment(payment);
    if (finding) findings.push(finding);
  }
  const recorded = entries.filter(
    (entry) => entry.kind === 'payment' && entry.impUid && !(settings.stage === 'release' && entry.isTest),
  );
  for (const entry of recorded) {
    if (seen.has(entry.impUid as string)) continue;
    const payment = await lookUpProviderPayment(entry.impUid as string);
    const finding =
      payment && (payment.status === 'paid' || payment.status === 'cancelled')
        ? await checkProviderPayment(payment)
        : missingCase(entry, payment);
    if (finding) findings.push(finding);
  }
  let listed = 0;
  for (const finding of findings) if (await listFindingOnce(day, finding, nowMs())) listed += 1;
  return {
    day,
    providerPayments: providerPayments.length,
    recordedPayments: recorded.length,
    discrepancies: findings.length,
    listed,
  };
}

const minor = (amount: number, currency: Currency) => toMinorUnits(amount, currency);
const isCurrency = (currency: string): currency is Currency => CURRENCIES.includes(currency as Currency);

/** What one provider payment differs in from our records, if anything. */
async function checkProviderPayment(payment: ProviderPayment): Promise<NewAttentionCase | undefined> {
  const order = await getOrder(payment.merchantUid);
  const held = payment.amount - payment.cancelledAmount;
  if (order?.status === 'refund_required') return undefined;
  if (!order || (order.status !== 'paid' && order.status !== 'refunded') || order.impUid !== payment.impUid)
    return held > 0 ? unmatchedCase(payment, order) : undefined;
  if (!(await figuresDiffer(order, payment))) return undefined;
  // A refund under way while the run read: look again before calling it a discrepancy.
  const again = await lookUpProviderPayment(payment.impUid);
  const ours = again && (await figuresDiffer(order, again));
  return again && ours ? mismatchCase(order, again, ours) : undefined;
}

interface Figures {
  recordedAmount: number;
  recordedReturned: number;
}

/**
 * Our figures of a payment the provider reports, when they differ: what it took (our Payment's price;
 * nothing for an order we cancelled at once, `refunded`) and what went back through the provider (our
 * refunds whose source is the provider: a refund to the product account moves nothing there).
 */
async function figuresDiffer(order: PaymentOrder, payment: ProviderPayment): Promise<Figures | undefined> {
  const currency = order.currency;
  if (!isCurrency(payment.currency) || payment.currency !== currency)
    return { recordedAmount: order.amount, recordedReturned: 0 };
  if (order.status === 'refunded') {
    const returned = minor(payment.amount, currency) === minor(payment.cancelledAmount, currency);
    return returned ? undefined : { recordedAmount: order.amount, recordedReturned: order.amount };
  }
  const recorded = await getPayment(order.merchantUid);
  const refunds = (await ledgerOfPayment(order.merchantUid)).filter(
    (entry) => entry.kind === 'refund' && entry.refundSource === 'portone',
  );
  const recordedAmount = recorded?.price ?? 0;
  const returnedMinor = refunds.reduce((sum, entry) => sum + minor(entry.amount, currency), 0);
  const same =
    minor(payment.amount, currency) === minor(recordedAmount, currency) &&
    minor(payment.cancelledAmount, currency) === returnedMinor;
  return same ? undefined : { recordedAmount, recordedReturned: returnedMinor / minor(1, currency) };
}

function providerText(payment: ProviderPayment): string {
  const paidAt = payment.paidAt ? formatKst(payment.paidAt.getTime()) : '-';
  return `PortOne ${payment.impUid} (${payment.pg} ${payment.payMethod}, paid ${paidAt} KST): ${payment.amount} ${payment.currency} taken, ${payment.cancelledAmount} returned`;
}

function unmatchedCase(payment: ProviderPayment, order: PaymentOrder | undefined): NewAttentionCase {
  const ours = !order
    ? 'no order of ours has this merchant_uid'
    : order.impUid && order.impUid !== payment.impUid
      ? `the order is ${order.status} by another payment (${order.impUid})`
      : `the order is ${order.status}`;
  return {
    caseId: attentionCaseId('provider_payment_unmatched', payment.impUid),
    kind: 'provider_payment_unmatched',
    uid: order?.uid ?? '',
    ...(order?.userEmail || payment.buyer.email
      ? { userEmail: order?.userEmail ?? payment.buyer.email }
      : {}),
    merchantUid: payment.merchantUid,
    ...(order ? { planName: order.planName } : {}),
    amount: payment.amount - payment.cancelledAmount,
    currency: payment.currency,
    refundSources: [],
    reason: `${providerText(payment)}; ${ours}`,
  };
}

function missingCase(entry: LedgerEntry, payment: ProviderPayment | null): NewAttentionCase {
  return {
    caseId: attentionCaseId('provider_payment_missing', entry.merchantUid),
    kind: 'provider_payment_missing',
    uid: entry.uid,
    merchantUid: entry.merchantUid,
    planName: entry.planName,
    amount: entry.amount,
    currency: entry.currency,
    refundSources: [],
    reason: `Recorded as paid through PortOne ${entry.impUid} on ${formatKst(entry.at)} KST; the provider ${
      payment ? `has it ${payment.status}` : 'has no such payment'
    }`,
  };
}

function mismatchCase(order: PaymentOrder, payment: ProviderPayment, ours: Figures): NewAttentionCase {
  return {
    caseId: attentionCaseId('amount_mismatch', payment.impUid),
    kind: 'amount_mismatch',
    uid: order.uid,
    userEmail: order.userEmail,
    merchantUid: order.merchantUid,
    planName: order.planName,
    amount: payment.amount,
    currency: payment.currency,
    refundSources: [],
    reason: `${providerText(payment)}; recorded: ${ours.recordedAmount} ${order.currency} taken, ${ours.recordedReturned} returned through PortOne`,
  };
}
