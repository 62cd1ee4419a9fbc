import { attentionCaseId } from '../../../shared/attention/attention-cases.ts';
import type {
  InvoiceDocumentState,
  InvoiceFailure,
  TaxInvoiceDetails,
  TaxInvoiceState,
} from '../../../shared/tax-invoices/tax-invoice-rules.ts';
import { type NewAttentionCase, raiseCaseItem, settledCaseItem } from './attention-repository.ts';
import { BATCH_GET_CONCURRENCY, batchGet } from './batch-get.ts';
import { tableService } from './client.ts';
import { AttentionCase } from './entities/attention-case.ts';
import {
  TaxDocumentsCursor,
  TaxInvoice as TaxInvoiceEntity,
  type TaxInvoiceItem,
  TaxInvoiceProfile as TaxInvoiceProfileEntity,
  type TaxInvoiceProfileItem,
  TaxInvoiceRequest as TaxInvoiceRequestEntity,
  type TaxInvoiceRequestItem,
} from './entities/tax-invoice.ts';
import { UserActivity } from './entities/user-activity.ts';
import { type PagedQuery, pagedQuery, pageOptions } from './list-page.ts';
import { isConditionFailure, type TransactionEntities } from './transaction.ts';
import type { activityCommit } from './user-activity-repository.ts';

const db = tableService({
  attentionCase: AttentionCase,
  taxDocumentsCursor: TaxDocumentsCursor,
  taxInvoice: TaxInvoiceEntity,
  taxInvoiceProfile: TaxInvoiceProfileEntity,
  taxInvoiceRequest: TaxInvoiceRequestEntity,
  userActivity: UserActivity,
});

export type TaxInvoiceProfile = TaxInvoiceProfileItem;
export type TaxInvoiceRequest = TaxInvoiceRequestItem;
export type NewTaxInvoiceRequest = Omit<TaxInvoiceRequestItem, 'created' | 'updated'>;
export type TaxInvoice = TaxInvoiceItem;
export type NewTaxInvoice = Omit<
  TaxInvoiceItem,
  'state' | 'claimedAt' | 'attempts' | 'caseOpen' | 'created' | 'updated'
>;
type Activities = (tx: Pick<TransactionEntities, 'userActivity'>) => ReturnType<typeof activityCommit>[];

export const taxInvoiceCaseId = (mgtKey: string) => attentionCaseId('tax_invoice_failed', mgtKey);

/** A claim left `issuing` this long belongs to a run that died (a run stops within a few minutes). */
export const ABANDONED_INVOICE_CLAIM_MS = 5 * 60_000;

export async function getTaxInvoiceProfile(uid: string): Promise<TaxInvoiceProfile | undefined> {
  const { data } = await db().entities.taxInvoiceProfile.get({ uid }).go({ consistent: true });
  return data ?? undefined;
}

export async function putTaxInvoiceProfile(
  uid: string,
  details: TaxInvoiceDetails,
): Promise<TaxInvoiceProfile> {
  const existing = await getTaxInvoiceProfile(uid);
  const { data } = existing
    ? await db().entities.taxInvoiceProfile.patch({ uid }).set(details).go({ response: 'all_new' })
    : await db()
        .entities.taxInvoiceProfile.put({ uid, ...details })
        .go();
  return data as TaxInvoiceProfile;
}

/** Records a paid order's request once: false when it was recorded before. */
export async function createTaxInvoiceRequest(request: NewTaxInvoiceRequest): Promise<boolean> {
  try {
    await db().entities.taxInvoiceRequest.create(request).go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getTaxInvoiceRequest(merchantUid: string): Promise<TaxInvoiceRequest | undefined> {
  const { data } = await db().entities.taxInvoiceRequest.get({ merchantUid }).go({ consistent: true });
  return data ?? undefined;
}

/** The requests of many orders at once (a page of payments); orders without one are absent. */
export async function getTaxInvoiceRequests(
  merchantUids: readonly string[],
): Promise<Map<string, TaxInvoiceRequest>> {
  if (!merchantUids.length) return new Map();
  const items = await batchGet(
    [...new Set(merchantUids)].map((merchantUid) => ({ merchantUid })),
    (keys) => db().entities.taxInvoiceRequest.get(keys).go({ concurrency: BATCH_GET_CONCURRENCY }),
  );
  return new Map(items.map((item) => [item.merchantUid, item]));
}

/** An operator's mark: issued by hand (with the number of an invoice issued elsewhere) or cancelled. */
export interface Mark {
  state: Extract<TaxInvoiceState, 'issued' | 'cancelled'>;
  approvalNumber?: string;
  markedAt: number;
  markedBy: string;
}

/**
 * An operator's mark on a request no invoice was made for yet, with `also` (the activity), in one
 * transaction conditioned on the request still waiting: of two operators marking at once one does;
 * false for the other (or when the product claimed it meanwhile).
 */
export async function markTaxInvoiceRequest(
  request: Pick<TaxInvoiceRequest, 'merchantUid' | 'month' | 'state'>,
  mark: Mark,
  also: Activities,
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((tx) => [requestMove(tx, request, request.state, mark).commit(), ...also(tx)])
    .go();
  return !canceled;
}

/**
 * An operator's mark on an invoice the product made and could not issue (`failed`): the invoice and
 * every request it covers marked, its attention case ended, the activity written, in one transaction
 * conditioned on the invoice still being failed.
 */
export async function markTaxInvoice(
  invoice: TaxInvoice,
  requests: readonly Pick<TaxInvoiceRequest, 'merchantUid' | 'month' | 'state'>[],
  mark: Mark,
  also: Activities,
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((tx) => [
      tx.taxInvoice
        .patch({ mgtKey: invoice.mgtKey })
        .set({
          state: mark.state,
          byHand: true,
          caseOpen: false,
          ...(mark.approvalNumber ? { ntsConfirmNum: mark.approvalNumber, issuedAt: mark.markedAt } : {}),
        })
        .where((attr, op) => op.eq(attr.state, 'failed'))
        .commit(),
      ...requests.map((request) => requestMove(tx, request, request.state, mark).commit()),
      ...(invoice.caseOpen ? [settledCaseItem(tx, taxInvoiceCaseId(invoice.mgtKey))] : []),
      ...also(tx),
    ])
    .go();
  return !canceled;
}

/** A request moved from the state it was read in (its by-state index key rebuilt with its month). */
function requestMove(
  tx: Pick<TransactionEntities, 'taxInvoiceRequest'>,
  request: Pick<TaxInvoiceRequest, 'merchantUid' | 'month'>,
  from: TaxInvoiceState,
  set: Partial<Pick<TaxInvoiceRequest, 'state' | 'approvalNumber' | 'invoiceKey' | 'invoicedCancelled'>> & {
    markedAt?: number;
    markedBy?: string;
  },
) {
  return tx.taxInvoiceRequest
    .patch({ merchantUid: request.merchantUid })
    .set(set)
    .composite({ month: request.month })
    .where((attr, op) => op.eq(attr.state, from));
}

/** A request and the state it must be in for the invoice's step to apply to it. */
export interface CoveredRequest {
  merchantUid: string;
  month: string;
  state: TaxInvoiceState;
  /** The payment's cancelled amount the invoice is made for (set when claimed). */
  invoicedCancelled?: number;
}

/**
 * Claims the making of a new invoice over the requests it covers, in one transaction: the invoice
 * (`issuing`, only if its number is new) and each request moved from the state it was read in to
 * `issuing`, naming the invoice. False when any of it was claimed (or changed) meanwhile.
 */
export async function claimNewInvoice(
  invoice: NewTaxInvoice,
  requests: readonly CoveredRequest[],
  now: number,
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((tx) => [
      tx.taxInvoice.create({ ...invoice, state: 'issuing', claimedAt: now }).commit(),
      ...requests.map((request) =>
        requestMove(tx, request, request.state, {
          state: 'issuing',
          invoiceKey: invoice.mgtKey,
          ...(request.invoicedCancelled === undefined
            ? {}
            : { invoicedCancelled: request.invoicedCancelled }),
        }).commit(),
      ),
    ])
    .go();
  return !canceled;
}

/**
 * Claims an invoice again from the state read (`current`, with its attempts): a failure an operator
 * retries, a claim abandoned by a run that died. Its requests (in the states read) go back to `issuing`;
 * `changes` refreshes what the retry issues (the buyer's details as now, what the payments keep now).
 */
export async function claimInvoiceAgain(
  current: TaxInvoice,
  requests: readonly CoveredRequest[],
  now: number,
  changes: Partial<Pick<TaxInvoice, 'lines' | 'supplyCost' | 'tax' | 'total'>> &
    Partial<TaxInvoiceDetails> = {},
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((tx) => [
      tx.taxInvoice
        .patch({ mgtKey: current.mgtKey })
        .set({ ...changes, state: 'issuing', claimedAt: now, attempts: current.attempts + 1 })
        .where((attr, op) =>
          [op.eq(attr.state, current.state), op.eq(attr.attempts, current.attempts)].join(' AND '),
        )
        .commit(),
      ...requests
        .filter((request) => request.state !== 'issuing')
        .map((request) =>
          requestMove(tx, request, request.state, {
            state: 'issuing',
            ...(request.invoicedCancelled === undefined
              ? {}
              : { invoicedCancelled: request.invoicedCancelled }),
          }).commit(),
        ),
    ])
    .go();
  return !canceled;
}

/** What asking Popbill came to. */
export type InvoiceOutcome =
  | { state: 'issued'; ntsConfirmNum: string; issuedAt: number }
  | { state: 'failed'; failure: InvoiceFailure; failureMessage: string }
  | { state: 'cancelled' };

const requestStateOf = (state: InvoiceDocumentState): TaxInvoiceState => state;

/**
 * What the claimant's call came to, written only while its claim holds, with the requests it covers:
 * issued (with the approval number), failed or cancelled. A success ends the attention case a failure
 * raised; the first failure raises one (`raise`), later ones leave it open. An amendment moves no
 * request (the payment's own invoice stays as it was).
 */
export async function settleInvoice(
  claimed: TaxInvoice,
  requests: readonly CoveredRequest[],
  outcome: InvoiceOutcome,
  raise?: Omit<NewAttentionCase, 'caseId'>,
): Promise<boolean> {
  const caseId = taxInvoiceCaseId(claimed.mgtKey);
  const raising = outcome.state === 'failed' && !claimed.caseOpen && raise !== undefined;
  const ending = outcome.state !== 'failed' && claimed.caseOpen;
  const requestSet =
    outcome.state === 'issued'
      ? { state: 'issued' as const, approvalNumber: outcome.ntsConfirmNum }
      : { state: requestStateOf(outcome.state) };
  const { canceled } = await db()
    .transaction.write((tx) => [
      tx.taxInvoice
        .patch({ mgtKey: claimed.mgtKey })
        .set({ ...outcome, caseOpen: outcome.state === 'failed' ? claimed.caseOpen || raising : false })
        .where((attr, op) =>
          [op.eq(attr.state, 'issuing'), op.eq(attr.attempts, claimed.attempts)].join(' AND '),
        )
        .commit(),
      ...requests.map((request) => requestMove(tx, request, 'issuing', requestSet).commit()),
      ...(raising && raise ? [raiseCaseItem(tx, { ...raise, caseId })] : []),
      ...(ending ? [settledCaseItem(tx, caseId)] : []),
    ])
    .go();
  return !canceled;
}

/**
 * An issued invoice moved on as Popbill reports it (filed with the NTS, refused by it, cancelled there),
 * with the requests it covers, only from the state read; the NTS's refusal raises its attention case.
 */
export async function moveIssuedInvoice(
  invoice: TaxInvoice,
  requests: readonly CoveredRequest[],
  to: Extract<InvoiceDocumentState, 'sent' | 'failed' | 'cancelled'>,
  raise?: NewAttentionCase,
  failureMessage?: string,
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((tx) => [
      tx.taxInvoice
        .patch({ mgtKey: invoice.mgtKey })
        .set({
          state: to,
          ...(to === 'failed'
            ? { failure: 'nts_refused' as const, failureMessage: failureMessage ?? '' }
            : {}),
          ...(raise ? { caseOpen: true } : {}),
        })
        .where((attr, op) => op.eq(attr.state, invoice.state))
        .commit(),
      ...requests.map((request) => requestMove(tx, request, request.state, { state: to }).commit()),
      ...(raise ? [raiseCaseItem(tx, raise)] : []),
    ])
    .go();
  return !canceled;
}

/**
 * Claims the amendment of a refund (its number made from the refund's ledger entry), once however often
 * the refund is found: the amendment (`issuing`) created and named on the payment's request, in one
 * transaction. False when it was claimed before.
 */
export async function claimAmendment(
  amendment: NewTaxInvoice,
  request: Pick<TaxInvoiceRequest, 'merchantUid'>,
  now: number,
): Promise<boolean> {
  try {
    const { canceled } = await db()
      .transaction.write((tx) => [
        tx.taxInvoice.create({ ...amendment, state: 'issuing', claimedAt: now }).commit(),
        tx.taxInvoiceRequest
          .patch({ merchantUid: request.merchantUid })
          .add({ amendmentKeys: [amendment.mgtKey] })
          .commit(),
      ])
      .go();
    return !canceled;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

export async function getTaxInvoice(mgtKey: string): Promise<TaxInvoice | undefined> {
  const { data } = await db().entities.taxInvoice.get({ mgtKey }).go({ consistent: true });
  return data ?? undefined;
}

/** Many invoices at once (a page's amendments); numbers without one are absent. */
export async function getTaxInvoices(mgtKeys: readonly string[]): Promise<Map<string, TaxInvoice>> {
  if (!mgtKeys.length) return new Map();
  const items = await batchGet(
    [...new Set(mgtKeys)].map((mgtKey) => ({ mgtKey })),
    (keys) => db().entities.taxInvoice.get(keys).go({ concurrency: BATCH_GET_CONCURRENCY }),
  );
  return new Map(items.map((item) => [item.mgtKey, item]));
}

/** Every invoice in a state (the open ones: issuing, issued and not filed yet, failed), oldest first. */
export async function invoicesInState(state: InvoiceDocumentState): Promise<TaxInvoice[]> {
  const { data } = await db().entities.taxInvoice.query.byState({ state }).go({ pages: 'all' });
  return data;
}

/** Every request of a month in a state (the run's waiting ones). */
export async function monthRequestsInState(
  month: string,
  state: TaxInvoiceState,
): Promise<TaxInvoiceRequest[]> {
  const { data } = await db()
    .entities.taxInvoiceRequest.query.byMonthState({ month, state })
    .go({ pages: 'all' });
  return data;
}

/** A request moved by the product from the state read: one refunded in full before its invoice is cancelled. */
export async function moveRequest(request: CoveredRequest, to: TaxInvoiceState): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((tx) => [requestMove(tx, request, request.state, { state: to }).commit()])
    .go();
  return !canceled;
}

/**
 * A refund's cancellation of the payment's invoice (issued the same day, not sent yet) recorded in one
 * transaction: the claim (kind `cancellation`) settled, the invoice and its request cancelled, the
 * invoice's case (if any) ended. False when the claim no longer holds.
 */
export async function settleCancellation(
  claimed: TaxInvoice,
  original: TaxInvoice,
  request: CoveredRequest,
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((tx) => [
      tx.taxInvoice
        .patch({ mgtKey: claimed.mgtKey })
        .set({ state: 'cancelled', caseOpen: false })
        .where((attr, op) =>
          [op.eq(attr.state, 'issuing'), op.eq(attr.attempts, claimed.attempts)].join(' AND '),
        )
        .commit(),
      tx.taxInvoice
        .patch({ mgtKey: original.mgtKey })
        .set({ state: 'cancelled', caseOpen: false })
        .where((attr, op) => op.eq(attr.state, original.state))
        .commit(),
      requestMove(tx, request, request.state, { state: 'cancelled' }).commit(),
      ...(original.caseOpen ? [settledCaseItem(tx, taxInvoiceCaseId(original.mgtKey))] : []),
    ])
    .go();
  return !canceled;
}

/** A cancellation that could not cancel (the invoice was filed meanwhile) becomes the amendment it then is. */
export async function turnIntoAmendment(claimed: TaxInvoice): Promise<boolean> {
  try {
    await db()
      .entities.taxInvoice.patch({ mgtKey: claimed.mgtKey })
      .set({ kind: 'amendment' })
      .where((attr, op) =>
        [op.eq(attr.state, 'issuing'), op.eq(attr.attempts, claimed.attempts)].join(' AND '),
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** The day the tax documents' run has read the ledger to the end (undefined before its first run). */
export async function ledgerReadTo(name: string): Promise<string | undefined> {
  const { data } = await db().entities.taxDocumentsCursor.get({ name }).go({ consistent: true });
  return data?.day;
}

export async function setLedgerReadTo(name: string, day: string): Promise<void> {
  await db().entities.taxDocumentsCursor.put({ name, day }).go();
}

/** A month's requests, oldest payment first: all of them, or those in one state. */
export function monthRequestsQuery(month: string, state?: TaxInvoiceState): PagedQuery<TaxInvoiceRequest> {
  const { taxInvoiceRequest } = db().entities;
  if (state)
    return pagedQuery(taxInvoiceRequest, 'byMonthState', (page) =>
      taxInvoiceRequest.query.byMonthState({ month, state }).go(pageOptions(page)),
    );
  return pagedQuery(taxInvoiceRequest, 'byMonth', (page) =>
    taxInvoiceRequest.query.byMonth({ month }).go(pageOptions(page)),
  );
}
