import { setTimeout as sleep } from 'node:timers/promises';
import { kstDayOf } from '../../../shared/finance/ledger.ts';
import type { HandRefundMeans } from '../../../shared/refunds/hand-refunds.ts';
import type { RefundSource } from '../../../shared/refunds/refund-session.ts';
import type { NewAttentionCase } from './attention-repository.ts';
import { tableService } from './client.ts';
import { AttentionCase } from './entities/attention-case.ts';
import {
  LedgerEntry as LedgerEntryEntity,
  type LedgerEntryItem,
  ReconciliationFinding,
} from './entities/ledger-entry.ts';
import { UserPlan as UserPlanEntity } from './entities/user-plan.ts';
import { type PagedQuery, pagedQuery, pageOptions } from './list-page.ts';
import {
  conditionFailed,
  type ItemOutcomes,
  lostToConcurrentWrite,
  type TransactionEntities,
} from './transaction.ts';
import type { Payment, UserPlan } from './user-plan-repository.ts';

const db = tableService({
  attentionCase: AttentionCase,
  ledgerEntry: LedgerEntryEntity,
  reconciliationFinding: ReconciliationFinding,
  userPlan: UserPlanEntity,
});

/**
 * The finance view's records (shared/finance/ledger.ts): ledger entries by KST day and by payment,
 * the plans by when they end, and the reconciliation's findings. Every read is a Query on a key or an
 * index.
 */
export type LedgerEntry = LedgerEntryItem;

/** The ledger entry of a payment taken (written with it: grant-transaction.ts, direct deposits). */
export function paymentEntry(payment: Omit<Payment, 'created'>): LedgerEntry {
  return {
    entryId: `payment:${payment.merchantUid}`,
    kind: 'payment',
    day: kstDayOf(payment.paidAt),
    at: payment.paidAt,
    merchantUid: payment.merchantUid,
    uid: payment.uid,
    amount: payment.price,
    currency: payment.currency,
    payMethod: payment.payMethod,
    pg: payment.pg,
    planName: payment.planName,
    paymentType: payment.paymentType,
    ...(payment.impUid ? { impUid: payment.impUid } : {}),
    ...(payment.walletPaymentId ? { walletPaymentId: payment.walletPaymentId } : {}),
    isTest: payment.isTest,
  };
}

/**
 * The ledger entry of a refund of `payment` (as it was before the refund: its cancelled amount names
 * the step), given back through `source` at `at`.
 */
export function refundEntry(
  payment: Payment,
  refund: {
    amount: number;
    source: RefundSource;
    at: number;
    timeEstimated?: boolean;
    /** A bank transfer's reference at the bank (or a refund's paid by hand), as the operator who paid it gave it. */
    transferReference?: string;
    /** How a refund returned by hand was paid. */
    paidVia?: HandRefundMeans | undefined;
  },
): LedgerEntry {
  return {
    ...paymentEntry(payment),
    entryId: `refund:${payment.merchantUid}:${payment.cancelledAmount}`,
    kind: 'refund',
    day: kstDayOf(refund.at),
    at: refund.at,
    amount: refund.amount,
    refundSource: refund.source,
    ...(refund.timeEstimated ? { timeEstimated: true } : {}),
    ...(refund.transferReference ? { transferReference: refund.transferReference } : {}),
    ...(refund.paidVia ? { paidVia: refund.paidVia } : {}),
  };
}

/** An entry as one write of the transaction that records its money (a put: writing it again is the same). */
export function ledgerItem(tx: Pick<TransactionEntities, 'ledgerEntry'>, entry: LedgerEntry) {
  return tx.ledgerEntry.put(entry).commit();
}

/** Entries written outside a transaction (the backfill): idempotent puts, 25 a request. */
export async function putLedgerEntries(entries: readonly LedgerEntry[]): Promise<void> {
  if (!entries.length) return;
  const { unprocessed } = await db()
    .entities.ledgerEntry.put([...entries])
    .go();
  if (unprocessed.length) throw new Error(`${unprocessed.length} ledger entries were not written`);
}

/** A day's entries in time order, a page at a time (a console list). */
export function ledgerDayQuery(day: string): PagedQuery<LedgerEntry> {
  const { ledgerEntry } = db().entities;
  return pagedQuery(ledgerEntry, 'byDay', (page) => ledgerEntry.query.byDay({ day }).go(pageOptions(page)));
}

/** Every entry of a day. */
export async function ledgerOfDay(day: string): Promise<LedgerEntry[]> {
  const { data } = await db().entities.ledgerEntry.query.byDay({ day }).go({ pages: 'all' });
  return data;
}

/** A payment's entries: its payment and its refunds, in time order. */
export async function ledgerOfPayment(merchantUid: string): Promise<LedgerEntry[]> {
  const { data } = await db().entities.ledgerEntry.query.byMerchantUid({ merchantUid }).go({ pages: 'all' });
  return data;
}

/** The latest instant a key can hold (15 padded digits). */
const LAST_INSTANT = 999_999_999_999_999;

/**
 * The subscriptions whose plans end after `fromMs` (running then, or bought since): a Query of the plans
 * by end, bounded to the entity's keys; fixed-term passes are filtered out.
 */
export async function subscriptionsEndingAfter(fromMs: number): Promise<UserPlan[]> {
  const { data } = await db()
    .entities.userPlan.query.byExpiry({})
    .between({ expiredAt: fromMs + 1 }, { expiredAt: LAST_INSTANT })
    .where((attr, op) => op.eq(attr.isSubscription, true))
    .go({ pages: 'all' });
  return data;
}

/**
 * A reconciliation finding listed as an attention case, once: the finding is written with the case, on
 * the condition that neither exists, so two runs of one day at once (a duplicate delivery), a re-run,
 * or a later day's run finding it again list it once, also after an operator ended the case. True when
 * this call listed it.
 */
export async function listFindingOnce(
  day: string,
  open: NewAttentionCase,
  foundAt: number,
): Promise<boolean> {
  for (let attempt = 0; ; attempt += 1) {
    const { canceled, data } = await db()
      .transaction.write(({ attentionCase, reconciliationFinding }) => [
        reconciliationFinding.create({ caseId: open.caseId, day, foundAt }).commit(),
        attentionCase.create(open).commit(),
      ])
      .go();
    if (!canceled) return true;
    const outcomes = data as ItemOutcomes;
    if (conditionFailed(outcomes, 0) || conditionFailed(outcomes, 1)) return false;
    // Two runs wrote at once and both were cancelled: one of the next tries lists it.
    if (!lostToConcurrentWrite(outcomes) || attempt >= 4)
      throw new Error(`The finding ${open.caseId} was refused: ${JSON.stringify(outcomes)}`);
    await sleep(20 * 2 ** attempt * Math.random());
  }
}
