import { attentionCaseId } from '../../../shared/attention/attention-cases.ts';
import { type NewAttentionCase, raiseCaseItem, settledCaseItem } from './attention-repository.ts';
import { BATCH_GET_CONCURRENCY, batchGet } from './batch-get.ts';
import { tableService } from './client.ts';
import { AttentionCase } from './entities/attention-case.ts';
import { CashReceipt as CashReceiptEntity, type CashReceiptItem } from './entities/cash-receipt.ts';
import { isConditionFailure } from './transaction.ts';

const db = tableService({ cashReceipt: CashReceiptEntity, attentionCase: AttentionCase });

export type CashReceipt = CashReceiptItem;
export type NewCashReceipt = Omit<
  CashReceiptItem,
  'state' | 'claimedAt' | 'attempts' | 'caseOpen' | 'created' | 'updated'
>;

export const cashReceiptCaseId = (merchantUid: string) => attentionCaseId('cash_receipt_failed', merchantUid);

/** A claim left `issuing` this long belongs to a run that died (a function stops after 20 s). */
export const ABANDONED_CASH_RECEIPT_CLAIM_MS = 2 * 60_000;

/** Claims the first issue of an order's receipt; false when it was claimed (or issued) before. */
export async function claimFirstIssue(receipt: NewCashReceipt, now: number): Promise<boolean> {
  try {
    await db()
      .entities.cashReceipt.create({ ...receipt, state: 'issuing', claimedAt: now })
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/**
 * Claims an issue again from the state read (`from`, with its attempts): a failure an operator retries,
 * an issued receipt re-issued after a refund, a claim abandoned by a run that died. Of two claimants one
 * wins; the other is answered false.
 */
export async function claimAgain(
  current: CashReceipt,
  now: number,
  changes: { amount?: number } = {},
): Promise<boolean> {
  try {
    await db()
      .entities.cashReceipt.patch({ merchantUid: current.merchantUid })
      .set({ state: 'issuing', claimedAt: now, attempts: current.attempts + 1, ...changes })
      .where((attr, op) =>
        [op.eq(attr.state, current.state), op.eq(attr.attempts, current.attempts)].join(' AND '),
      )
      .go();
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

type Outcome =
  | {
      state: 'issued';
      amount: number;
      approvalNumber: string;
      receiptUrl?: string;
      issuedAt: number;
      /** Issued as for a sale outside PortOne (what a refund by bank transfer kept). */
      external?: boolean;
    }
  | { state: 'cancelled'; cancelledAt: number }
  | { state: 'failed'; failure: string };

/**
 * What the claimant's call came to, written only while its claim holds. A success ends the attention
 * case a failure raised; the first failure raises one (`raise`), later ones leave it open.
 */
export async function settleIssue(
  claimed: CashReceipt,
  outcome: Outcome,
  raise?: Omit<NewAttentionCase, 'caseId'>,
): Promise<boolean> {
  const caseId = cashReceiptCaseId(claimed.merchantUid);
  const raising = outcome.state === 'failed' && !claimed.caseOpen && raise !== undefined;
  const ending = outcome.state !== 'failed' && claimed.caseOpen;
  const { canceled } = await db()
    .transaction.write(({ cashReceipt, attentionCase }) => [
      cashReceipt
        .patch({ merchantUid: claimed.merchantUid })
        .set({
          ...outcome,
          caseOpen: outcome.state === 'failed' ? claimed.caseOpen || raising : false,
        })
        .where((attr, op) =>
          [op.eq(attr.state, 'issuing'), op.eq(attr.attempts, claimed.attempts)].join(' AND '),
        )
        .commit(),
      ...(raising && raise ? [raiseCaseItem({ attentionCase }, { ...raise, caseId })] : []),
      ...(ending ? [settledCaseItem({ attentionCase }, caseId)] : []),
    ])
    .go();
  return !canceled;
}

export async function getCashReceipt(merchantUid: string): Promise<CashReceipt | undefined> {
  const { data } = await db().entities.cashReceipt.get({ merchantUid }).go({ consistent: true });
  return data ?? undefined;
}

/** The receipts of many orders at once (a page of payments); orders without one are absent. */
export async function getCashReceipts(merchantUids: readonly string[]): Promise<Map<string, CashReceipt>> {
  if (!merchantUids.length) return new Map();
  const items = await batchGet(
    [...new Set(merchantUids)].map((merchantUid) => ({ merchantUid })),
    (keys) => db().entities.cashReceipt.get(keys).go({ concurrency: BATCH_GET_CONCURRENCY }),
  );
  return new Map(items.map((item) => [item.merchantUid, item]));
}
