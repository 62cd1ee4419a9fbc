import { createHash } from 'node:crypto';
import { DateTime } from 'luxon';
import { kstDayOf } from '../../../shared/finance/ledger.ts';
import { PRODUCT_NAME } from '../../../shared/product.ts';
import {
  type InvoiceAmounts,
  splitTotal,
  sumAmounts,
} from '../../../shared/tax-invoices/tax-invoice-amounts.ts';
import {
  deadlineMonthOf,
  issueDeadline,
  writeDateOf,
} from '../../../shared/tax-invoices/tax-invoice-deadlines.ts';
import { buyerOf } from '../../../shared/tax-invoices/tax-invoice-rules.ts';
import { KST_ZONE } from '../../../shared/time/kst.ts';
import {
  beforeFiling,
  INVOICE_STATE_CODES,
  type InvoiceInfo,
  issueTaxInvoice,
  PopbillError,
  type PopbillInvoice,
  taxInvoiceInfo,
} from '../adapters/popbill.ts';
import { nowMs } from '../clock.ts';
import type { NewAttentionCase } from '../data/attention-repository.ts';
import {
  type CoveredRequest,
  claimInvoiceAgain,
  claimNewInvoice,
  getTaxInvoice,
  getTaxInvoiceProfile,
  getTaxInvoiceRequests,
  type InvoiceOutcome,
  moveIssuedInvoice,
  moveRequest,
  type NewTaxInvoice,
  settleInvoice,
  type TaxInvoice,
  type TaxInvoiceRequest,
  taxInvoiceCaseId,
} from '../data/tax-invoice-repository.ts';
import { getPayment, type Payment } from '../data/user-plan-repository.ts';
import { logger } from '../logger.ts';
import { holidaysFor } from '../refunds/holidays.ts';
import { businessRefusal } from './business-status.ts';

/**
 * Tax invoices issued through Popbill (shared/tax-invoices; the adapter: functions/core/adapters/
 * popbill.ts). An invoice is made for what its payments keep when it is made (a payment refunded before
 * is invoiced for the rest; one refunded in full gets none), claimed with a conditional write so that
 * one run asks Popbill, and settled with its requests in one transaction: issued with the NTS approval
 * number, or failed (an attention task). Before issuing, the buyer's business is checked (closed,
 * suspended or unknown to the NTS: failed, Popbill not asked). A run that dies after asking leaves the
 * claim `issuing`: the next run asks Popbill what it holds under the document number, which Popbill
 * never issues twice.
 */

/** Popbill's document number: a letter for the kind and 22 characters of a digest of what it is for (24). */
export function invoiceKey(kind: 'E' | 'M' | 'A' | 'C', seed: string): string {
  return `${kind}-${createHash('sha256').update(seed).digest('hex').slice(0, 22)}`;
}

/** How many payments one monthly invoice lists (Popbill takes 99 lines; one transaction 100 writes). */
export const MONTHLY_LINES = 90;

/** The last day an invoice written on `writeDate` may be issued, with the holidays of its month. */
export async function deadlineOf(writeDate: string): Promise<string> {
  const month = DateTime.fromFormat(deadlineMonthOf(writeDate), 'yyyy-MM', { zone: KST_ZONE });
  return issueDeadline(writeDate, await holidaysFor(month.toMillis()));
}

/** What a line says the payment was (the plan, as the order named it). */
export const itemNameOf = (planName: string) => `${PRODUCT_NAME} ${planName}`;

/** A payment's line: what it keeps now, split; none when nothing is kept. */
function lineOf(
  payment: Payment,
): (InvoiceAmounts & { merchantUid: string; date: string; itemName: string }) | undefined {
  const kept = payment.price - payment.cancelledAmount;
  if (kept <= 0) return undefined;
  return {
    merchantUid: payment.merchantUid,
    date: kstDayOf(payment.paidAt),
    itemName: itemNameOf(payment.planName),
    ...splitTotal(kept),
  };
}

/** The requests an invoice covers, as they are now (an amendment covers none: the payment keeps its own). */
async function requestsOf(invoice: Pick<TaxInvoice, 'kind' | 'lines'>): Promise<TaxInvoiceRequest[]> {
  if (invoice.kind !== 'invoice') return [];
  const found = await getTaxInvoiceRequests(invoice.lines.map((line) => line.merchantUid));
  return [...found.values()];
}

const covered = (requests: readonly TaxInvoiceRequest[]): CoveredRequest[] =>
  requests.map(({ merchantUid, month, state }) => ({ merchantUid, month, state }));

function caseOf(invoice: TaxInvoice, reason: string): Omit<NewAttentionCase, 'caseId'> {
  return {
    kind: 'tax_invoice_failed',
    uid: invoice.uid,
    userEmail: invoice.userEmail,
    merchantUid: invoice.lines[0]?.merchantUid ?? invoice.mgtKey,
    amount: invoice.total,
    currency: 'KRW',
    reason,
    refundSources: [],
  };
}

/**
 * Makes and issues the invoice of `requests` (one buyer's, waiting): an invoice each for a payment, or
 * the month's, written on `writeDate`. Payments refunded in full drop out (their requests are cancelled:
 * no invoice is owed). Answers the invoice, or undefined when another run made it first.
 */
export async function issueNewInvoice(
  requests: readonly TaxInvoiceRequest[],
  timing: 'each' | 'monthly',
): Promise<TaxInvoice | undefined> {
  const [first] = requests;
  if (!first) return undefined;
  const payments = await Promise.all(requests.map((request) => getPayment(request.merchantUid)));
  const invoiced: CoveredRequest[] = [];
  const lines = [];
  for (const [index, request] of requests.entries()) {
    const payment = payments[index];
    const line = payment && lineOf(payment);
    // Refunded in full before its invoice: none is owed.
    if (payment && !line) await moveRequest(covered([request])[0] as CoveredRequest, 'cancelled');
    if (!payment || !line) continue;
    invoiced.push({
      ...(covered([request])[0] as CoveredRequest),
      invoicedCancelled: payment.cancelledAmount,
    });
    lines.push(line);
  }
  if (!lines.length) return undefined;
  const latest = requests[requests.length - 1] as TaxInvoiceRequest;
  const writeDate = writeDateOf(timing, timing === 'monthly' ? latest.paidAt : first.paidAt);
  const invoice: NewTaxInvoice = {
    mgtKey:
      timing === 'each'
        ? invoiceKey('E', first.merchantUid)
        : invoiceKey('M', `${first.uid}:${first.month}:${first.merchantUid}`),
    kind: 'invoice',
    uid: first.uid,
    userEmail: first.userEmail,
    timing,
    writeDate,
    deadline: await deadlineOf(writeDate),
    ...buyerOf(latest),
    lines,
    ...sumAmounts(lines),
  };
  const now = nowMs();
  if (!(await claimNewInvoice(invoice, invoiced, now))) return undefined;
  const claimed = (await getTaxInvoice(invoice.mgtKey)) as TaxInvoice;
  return issueClaimed(claimed);
}

/** Popbill's invoice of ours (an amendment names its original's approval number and write date). */
export async function popbillInvoiceOf(invoice: TaxInvoice): Promise<PopbillInvoice> {
  const original = invoice.originalKey ? await getTaxInvoice(invoice.originalKey) : undefined;
  return {
    mgtKey: invoice.mgtKey,
    writeDate: invoice.writeDate,
    buyer: {
      corpNum: invoice.businessNumber,
      companyName: invoice.companyName,
      ceoName: invoice.representative,
      address: invoice.address,
      businessType: invoice.businessType,
      businessItem: invoice.businessItem,
      email: invoice.invoiceEmail,
    },
    lines: invoice.lines.map((line) => ({
      purchaseDate: line.date,
      itemName: line.itemName,
      supplyCost: line.supplyCost,
      tax: line.tax,
    })),
    supplyCost: invoice.supplyCost,
    tax: invoice.tax,
    total: invoice.total,
    ...(original?.ntsConfirmNum && invoice.modifyCode
      ? {
          amends: {
            modifyCode: invoice.modifyCode,
            originalNtsConfirmNum: original.ntsConfirmNum,
            originalWriteDate: original.writeDate,
          },
        }
      : {}),
  };
}

/** The issued invoice Popbill holds under the number (after a refusal or a lost answer), if any. */
async function issuedAtPopbill(mgtKey: string): Promise<InvoiceInfo | undefined> {
  const info = await taxInvoiceInfo(mgtKey);
  return info && info.stateCode !== INVOICE_STATE_CODES.cancelled && info.ntsconfirmNum ? info : undefined;
}

const issuedOutcome = (info: InvoiceInfo): InvoiceOutcome => ({
  state: 'issued',
  ntsConfirmNum: info.ntsconfirmNum as string,
  issuedAt: info.issueDT
    ? DateTime.fromFormat(info.issueDT, 'yyyyMMddHHmmss', { zone: KST_ZONE }).toMillis()
    : nowMs(),
});

/**
 * Asks Popbill to issue a claimed invoice and records what came of it. An original is issued only to a
 * business the NTS reports operating. A refusal is checked against what Popbill holds under the number
 * (an earlier run's issue, whose answer was lost, is refused as a document number in use). When Popbill
 * does not answer, the claim stays: a later run settles it from what Popbill holds.
 */
export async function issueClaimed(claimed: TaxInvoice): Promise<TaxInvoice> {
  const requests = covered(await requestsOf(claimed)).map((request) => ({
    ...request,
    state: 'issuing' as const,
  }));
  const settle = (outcome: InvoiceOutcome, reason = '') =>
    settleInvoice(
      claimed,
      requests,
      outcome,
      outcome.state === 'failed' ? caseOf(claimed, reason) : undefined,
    );
  const refusal = claimed.kind === 'invoice' ? await businessRefusal(claimed.businessNumber) : undefined;
  if (refusal) {
    logger.warn('Tax invoice not issued: the buyer’s business is not operating', {
      mgtKey: claimed.mgtKey,
      failure: refusal.failure,
    });
    await settle(
      { state: 'failed', failure: refusal.failure, failureMessage: refusal.message },
      refusal.message,
    );
    return (await getTaxInvoice(claimed.mgtKey)) ?? claimed;
  }
  try {
    const { ntsConfirmNum } = await issueTaxInvoice(await popbillInvoiceOf(claimed));
    await settle({ state: 'issued', ntsConfirmNum, issuedAt: nowMs() });
    logger.info('Tax invoice issued', { mgtKey: claimed.mgtKey, total: claimed.total, kind: claimed.kind });
  } catch (error) {
    if (!(error instanceof PopbillError)) throw error;
    if (!error.refused) {
      logger.warn('Popbill did not answer; the next run settles the invoice', {
        mgtKey: claimed.mgtKey,
        error,
      });
      return claimed;
    }
    const held = await issuedAtPopbill(claimed.mgtKey).catch(() => undefined);
    if (held) await settle(issuedOutcome(held));
    else {
      logger.error('Popbill refused the tax invoice: listed for an operator', {
        mgtKey: claimed.mgtKey,
        code: error.code,
        message: error.message,
      });
      await settle({ state: 'failed', failure: 'refused', failureMessage: error.message }, error.message);
    }
  }
  return (await getTaxInvoice(claimed.mgtKey)) ?? claimed;
}

/**
 * A claim a run left `issuing` (it died, or Popbill did not answer): settled as issued when Popbill holds
 * the invoice, asked again otherwise. A cancellation's claim is the amendments' to settle.
 */
export async function settleAbandoned(invoice: TaxInvoice): Promise<void> {
  const held = await issuedAtPopbill(invoice.mgtKey);
  const requests = covered(await requestsOf(invoice));
  if (!(await claimInvoiceAgain(invoice, requests, nowMs()))) return;
  const claimed = (await getTaxInvoice(invoice.mgtKey)) as TaxInvoice;
  if (held) {
    await settleInvoice(
      claimed,
      requests.map((request) => ({ ...request, state: 'issuing' })),
      issuedOutcome(held),
    );
    return;
  }
  await issueClaimed(claimed);
}

/**
 * A failed invoice claimed again for an operator's retry: issued with the buyer's details as they are
 * now and for what the payments keep now (a payment refunded in full meanwhile drops out, its request
 * cancelled). Answers the claimed invoice, or undefined when it is no longer failed or nothing is owed.
 */
export async function claimRetry(invoice: TaxInvoice): Promise<TaxInvoice | undefined> {
  if (invoice.kind !== 'invoice')
    return (await claimInvoiceAgain(invoice, [], nowMs())) ? getTaxInvoice(invoice.mgtKey) : undefined;
  const requests = await requestsOf(invoice);
  const payments = await Promise.all(requests.map((request) => getPayment(request.merchantUid)));
  const lines = [];
  const kept: CoveredRequest[] = [];
  for (const [index, request] of requests.entries()) {
    const payment = payments[index];
    const line = payment && lineOf(payment);
    if (payment && line) {
      lines.push(line);
      kept.push({ ...(covered([request])[0] as CoveredRequest), invoicedCancelled: payment.cancelledAmount });
    } else await moveRequest(covered([request])[0] as CoveredRequest, 'cancelled');
  }
  if (!lines.length) return undefined;
  const profile = await getTaxInvoiceProfile(invoice.uid);
  const changes = { ...(profile ? buyerOf(profile) : {}), lines, ...sumAmounts(lines) };
  if (!(await claimInvoiceAgain(invoice, kept, nowMs(), changes))) return undefined;
  return getTaxInvoice(invoice.mgtKey);
}

/**
 * An issued invoice followed at Popbill: filed with the NTS (sent), refused by it (failed: an attention
 * task), or cancelled there. Answers its state now.
 */
export async function followIssued(invoice: TaxInvoice): Promise<TaxInvoice['state']> {
  const info = await taxInvoiceInfo(invoice.mgtKey);
  if (!info || beforeFiling(info.stateCode) || info.stateCode === 303) return invoice.state;
  const requests = covered(await requestsOf(invoice));
  if (info.stateCode === INVOICE_STATE_CODES.filed) {
    await moveIssuedInvoice(invoice, requests, 'sent');
    return 'sent';
  }
  if (info.stateCode === INVOICE_STATE_CODES.cancelled) {
    await moveIssuedInvoice(invoice, requests, 'cancelled');
    return 'cancelled';
  }
  const message = `The NTS refused the invoice (${info.ntssendErrCode ?? info.stateCode})`;
  await moveIssuedInvoice(
    invoice,
    requests,
    'failed',
    { ...caseOf(invoice, message), caseId: taxInvoiceCaseId(invoice.mgtKey) },
    message,
  );
  return 'failed';
}
