import type { TaxInvoiceDetails, TaxInvoiceState } from '../../../shared/tax-invoices/tax-invoice-rules.ts';
import { BATCH_GET_CONCURRENCY, batchGet } from './batch-get.ts';
import { tableService } from './client.ts';
import {
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
  taxInvoiceProfile: TaxInvoiceProfileEntity,
  taxInvoiceRequest: TaxInvoiceRequestEntity,
  userActivity: UserActivity,
});

export type TaxInvoiceProfile = TaxInvoiceProfileItem;
export type TaxInvoiceRequest = TaxInvoiceRequestItem;
export type NewTaxInvoiceRequest = Omit<TaxInvoiceRequestItem, 'created' | 'updated'>;

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

/**
 * An operator's mark on a request, with `also` (the activity), in one transaction conditioned on the
 * request still being `requested`: of two operators marking at once one does; false for the other.
 */
export async function markTaxInvoiceRequest(
  { merchantUid, month }: Pick<TaxInvoiceRequest, 'merchantUid' | 'month'>,
  mark: {
    state: Extract<TaxInvoiceState, 'issued' | 'cancelled'>;
    approvalNumber?: string;
    markedAt: number;
    markedBy: string;
  },
  also: (tx: Pick<TransactionEntities, 'userActivity'>) => ReturnType<typeof activityCommit>[],
): Promise<boolean> {
  const { canceled } = await db()
    .transaction.write((tx) => [
      tx.taxInvoiceRequest
        .patch({ merchantUid })
        .set(mark)
        // The state is part of the by-state index's key, which is rebuilt with the month it was listed in.
        .composite({ month })
        .where((attr, op) => op.eq(attr.state, 'requested'))
        .commit(),
      ...also(tx),
    ])
    .go();
  return !canceled;
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
