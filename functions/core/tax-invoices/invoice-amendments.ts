import { kstDayOf } from '../../../shared/finance/ledger.ts';
import { amendmentOf, modifyCodeOf } from '../../../shared/tax-invoices/tax-invoice-amounts.ts';
import { buyerOf, isIssued } from '../../../shared/tax-invoices/tax-invoice-rules.ts';
import { beforeFiling, cancelTaxInvoice, PopbillError, taxInvoiceInfo } from '../adapters/popbill.ts';
import { nowMs } from '../clock.ts';
import type { LedgerEntry } from '../data/finance-repository.ts';
import {
  claimAmendment,
  getTaxInvoice,
  getTaxInvoiceRequest,
  type NewTaxInvoice,
  settleCancellation,
  settleInvoice,
  type TaxInvoice,
  type TaxInvoiceRequest,
  turnIntoAmendment,
} from '../data/tax-invoice-repository.ts';
import { getPayment } from '../data/user-plan-repository.ts';
import { logger } from '../logger.ts';
import { deadlineOf, invoiceKey, issueClaimed, itemNameOf } from './invoice-issuing.ts';

/**
 * Refunds follow the invoice (수정세금계산서, 부가가치세법 시행령 제70조): a refund of a payment whose invoice
 * was issued is found by its ledger entry (written in the refund's own transaction, once the money left:
 * refund-engine.ts, refund-transfers.ts) and amended once, keyed by that entry, by the tax documents' run
 * (never by the refund's own code path, so that it holds wherever the refund's function stops):
 * - the amended invoice is negative, for what the refund took off the split of what the payment keeps
 *   (tax-invoice-amounts.ts amendmentOf), written on the refund's day, naming the original's approval
 *   number and (in its remark) write date: 계약의 해제 (4) for a refund of everything, 공급가액 변동 (2) else;
 * - a refund of everything of a payment whose own invoice was issued that same day and is not with the NTS
 *   yet cancels the invoice instead (Popbill's CancelIssue: it is then never reported); filed meanwhile, it
 *   is amended after all.
 * A refund recorded before its payment's invoice was made is in the invoice already (it is made for what
 * is kept; invoicedCancelled), and a payment whose invoice is not issued yet gets none; one issued by hand
 * elsewhere is an attention task (it is amended where it was issued).
 */
export type AmendmentResult =
  | 'none'
  | 'included'
  | 'deferred'
  | 'claimed-before'
  | 'amended'
  | 'cancelled'
  | 'failed';

/** The payment's cancelled amount before a refund, from its ledger entry's id (`refund:{merchantUid}:{it}`). */
export function cancelledBeforeOf(entry: Pick<LedgerEntry, 'entryId'>): number {
  return Number(entry.entryId.slice(entry.entryId.lastIndexOf(':') + 1));
}

/** Amends (or cancels) the invoice of a refunded payment for one refund of the ledger, once. */
export async function amendForRefund(entry: LedgerEntry): Promise<AmendmentResult> {
  if (entry.kind !== 'refund' || entry.currency !== 'KRW') return 'none';
  const request = await getTaxInvoiceRequest(entry.merchantUid);
  if (!request || request.state === 'card_slip' || request.state === 'cash_receipt') return 'none';
  const cancelledBefore = cancelledBeforeOf(entry);
  // Made for what was kept when it was made: a refund from before is in it.
  if (request.invoicedCancelled !== undefined && cancelledBefore < request.invoicedCancelled)
    return 'included';
  // Not issued yet: the invoice will be made (or made again) for what is kept then. Only one being made
  // now may have been made for what was kept before this refund: it is looked at again once settled.
  if (!isIssued(request.state)) return request.state === 'issuing' ? 'deferred' : 'none';
  const payment = await getPayment(entry.merchantUid);
  const original = request.invoiceKey ? await getTaxInvoice(request.invoiceKey) : undefined;
  if (!payment) return 'none';
  const keptBefore = payment.price - cancelledBefore;
  const keptAfter = Math.max(0, keptBefore - entry.amount);
  const writeDate = kstDayOf(entry.at);
  const amounts = amendmentOf(keptBefore, keptAfter);
  const cancels = Boolean(
    original &&
      original.timing === 'each' &&
      keptAfter === 0 &&
      !request.amendmentKeys?.length &&
      original.issuedAt !== undefined &&
      kstDayOf(original.issuedAt) === writeDate,
  );
  const amendment: NewTaxInvoice = {
    mgtKey: invoiceKey('A', entry.entryId),
    kind: cancels ? 'cancellation' : 'amendment',
    uid: request.uid,
    userEmail: request.userEmail,
    timing: request.timing,
    writeDate,
    deadline: await deadlineOf(writeDate),
    ...buyerOf(original ?? request),
    lines: [
      {
        merchantUid: entry.merchantUid,
        date: writeDate,
        itemName: `${itemNameOf(payment.planName)} 환불`,
        ...amounts,
      },
    ],
    ...amounts,
    ...(original ? { originalKey: original.mgtKey } : {}),
    modifyCode: modifyCodeOf(keptAfter),
    refundEntryId: entry.entryId,
  };
  if (!(await claimAmendment(amendment, request, nowMs()))) return 'claimed-before';
  const claimed = (await getTaxInvoice(amendment.mgtKey)) as TaxInvoice;
  return runAmendment(claimed, request);
}

/**
 * A claimed amendment carried out: the cancellation tried when it is one, else (or when the invoice was
 * filed meanwhile) the amended invoice issued. One of an invoice issued by hand elsewhere cannot be
 * issued here: it fails at once, for an operator.
 */
export async function runAmendment(
  claimed: TaxInvoice,
  request?: TaxInvoiceRequest,
): Promise<AmendmentResult> {
  const original = claimed.originalKey ? await getTaxInvoice(claimed.originalKey) : undefined;
  if (!original?.ntsConfirmNum || original.byHand) {
    const message = 'The invoice was issued by hand elsewhere: amend it where it was issued';
    await settleInvoice(
      claimed,
      [],
      { state: 'failed', failure: 'refused', failureMessage: message },
      {
        kind: 'tax_invoice_failed',
        uid: claimed.uid,
        userEmail: claimed.userEmail,
        merchantUid: claimed.lines[0]?.merchantUid ?? claimed.mgtKey,
        amount: claimed.total,
        currency: 'KRW',
        reason: message,
        refundSources: [],
      },
    );
    return 'failed';
  }
  if (claimed.kind === 'cancellation') {
    const payment = request ?? (await getTaxInvoiceRequest(claimed.lines[0]?.merchantUid ?? ''));
    if (payment && (await cancelOriginal(claimed, original, payment))) return 'cancelled';
    if (!(await turnIntoAmendment(claimed))) return 'claimed-before';
  }
  const issued = await issueClaimed({ ...claimed, kind: 'amendment' });
  return issued.state === 'issued' ? 'amended' : issued.state === 'failed' ? 'failed' : 'deferred';
}

/** Cancels the payment's invoice at Popbill when it is still before filing; false when it is not. */
async function cancelOriginal(
  claimed: TaxInvoice,
  original: TaxInvoice,
  request: TaxInvoiceRequest,
): Promise<boolean> {
  const info = await taxInvoiceInfo(original.mgtKey);
  if (!info || !(beforeFiling(info.stateCode) || info.stateCode === 600)) return false;
  if (info.stateCode !== 600) {
    try {
      await cancelTaxInvoice(original.mgtKey, `Refunded in full (${claimed.refundEntryId ?? ''})`);
    } catch (error) {
      if (!(error instanceof PopbillError) || !error.refused) throw error;
      // Refused: filed meanwhile, or cancelled by an earlier run whose answer was lost.
      if ((await taxInvoiceInfo(original.mgtKey))?.stateCode !== 600) return false;
    }
  }
  await settleCancellation(claimed, original, {
    merchantUid: request.merchantUid,
    month: request.month,
    state: request.state,
  });
  logger.info('Tax invoice cancelled after a full refund on its day', { mgtKey: original.mgtKey });
  return true;
}
