import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import type { TaxInvoiceRow } from '../../../shared/api/tax-invoices.ts';
import type { Currency } from '../../../shared/currency.ts';
import { splitTotal } from '../../../shared/tax-invoices/tax-invoice-amounts.ts';
import {
  approvalNumberOf,
  buyerOf,
  canMark,
  invoiceMonthOf,
  type TaxInvoiceDetails,
  type TaxInvoiceMark,
  type TaxInvoiceState,
} from '../../../shared/tax-invoices/tax-invoice-rules.ts';
import { PopbillError, taxInvoicePdfUrl } from '../adapters/popbill.ts';
import { nowMs } from '../clock.ts';
import { readPage } from '../data/list-page.ts';
import {
  createTaxInvoiceRequest,
  getTaxInvoice,
  getTaxInvoiceProfile,
  getTaxInvoiceRequest,
  getTaxInvoiceRequests,
  markTaxInvoice as markInvoice,
  markTaxInvoiceRequest,
  monthRequestsQuery,
  putTaxInvoiceProfile,
  type TaxInvoice,
  type TaxInvoiceProfile,
  type TaxInvoiceRequest,
} from '../data/tax-invoice-repository.ts';
import { activityCommit, type Operator } from '../data/user-activity-repository.ts';
import { AdminError, PaymentError } from '../errors.ts';
import { checkBusinessOperating } from './business-status.ts';
import { invoicesOf, invoiceView } from './invoice-views.ts';

/**
 * Tax invoices (세금계산서, shared/tax-invoices): a business account's invoice details (its business
 * checked with the NTS through Popbill when they are saved), the invoice request each of its paid orders
 * records, the console's month of requests with the invoices issued for them, and an operator's mark for
 * what Popbill could not issue: issued by hand (with the approval number) or cancelled.
 */
function detailsOf(item: TaxInvoiceProfile | TaxInvoiceRequest): TaxInvoiceDetails {
  return { ...buyerOf(item), timing: item.timing };
}

export async function taxInvoiceDetails(uid: string): Promise<TaxInvoiceDetails | null> {
  const profile = await getTaxInvoiceProfile(uid);
  return profile ? detailsOf(profile) : null;
}

/** Keeps the details, once the NTS reports the business operating (else BUSINESS_NOT_OPERATING). */
export async function saveTaxInvoiceDetails(
  uid: string,
  details: TaxInvoiceDetails,
): Promise<TaxInvoiceDetails> {
  await checkBusinessOperating(details.businessNumber);
  return detailsOf(await putTaxInvoiceProfile(uid, details));
}

/** The paid order (or direct deposit) a request is recorded for. */
export interface InvoicedPayment {
  merchantUid: string;
  uid: string;
  userEmail: string;
  planName: string;
  payMethod: string;
  amount: number;
  currency: string;
  paidAt: number;
}

/**
 * Records a paid order's invoice request for a business account (one that keeps invoice details), once
 * per order: its details and timing as they are now, the split of a won amount, and what serves it
 * already (`state`: a card slip, a cash receipt, or nothing yet). Answers whether this call recorded it.
 */
export async function recordInvoiceRequest(
  payment: InvoicedPayment,
  profile: TaxInvoiceProfile,
  state: Extract<TaxInvoiceState, 'requested' | 'card_slip' | 'cash_receipt'>,
): Promise<boolean> {
  const split = payment.currency === 'KRW' ? splitTotal(payment.amount) : undefined;
  return createTaxInvoiceRequest({
    merchantUid: payment.merchantUid,
    uid: payment.uid,
    userEmail: payment.userEmail,
    month: invoiceMonthOf(payment.paidAt),
    paidAt: payment.paidAt,
    planName: payment.planName,
    payMethod: payment.payMethod,
    amount: payment.amount,
    currency: payment.currency as Currency,
    ...detailsOf(profile),
    ...(split ? { supplyCost: split.supplyCost, tax: split.tax } : {}),
    state,
  });
}

export interface TaxInvoiceFilter {
  month: string;
  state?: TaxInvoiceState | undefined;
  payMethod?: string | undefined;
}

/** A month's requests (KST), oldest payment first, by state through its index, by method as a filter. */
export async function taxInvoiceList(filter: TaxInvoiceFilter & ListPageRequest) {
  const { rows, cursor } = await readPage(
    `tax-invoices-${filter.month}-${filter.state ?? 'all'}`,
    [monthRequestsQuery(filter.month, filter.state)],
    filter,
    filter.payMethod ? (row) => row.payMethod === filter.payMethod : undefined,
  );
  const invoices = await invoicesOf(rows);
  return { result: rows.map((row) => rowOf(row, invoices)), cursor };
}

function rowOf(request: TaxInvoiceRequest, invoices: ReadonlyMap<string, TaxInvoice>): TaxInvoiceRow {
  const own = request.invoiceKey ? invoices.get(request.invoiceKey) : undefined;
  const view = invoiceView(request, invoices);
  return {
    merchantUid: request.merchantUid,
    uid: request.uid,
    userEmail: request.userEmail,
    paidAt: request.paidAt,
    planName: request.planName,
    payMethod: request.payMethod,
    amount: request.amount,
    currency: request.currency,
    ...(request.supplyCost !== undefined && request.tax !== undefined
      ? { supplyCost: request.supplyCost, tax: request.tax }
      : {}),
    ...detailsOf(request),
    state: request.state,
    ...(view.approvalNumber ? { approvalNumber: view.approvalNumber } : {}),
    ...(view.mgtKey ? { mgtKey: view.mgtKey } : {}),
    ...(view.amendments ? { amendments: view.amendments } : {}),
    ...(own?.failure && request.state === 'failed'
      ? { failure: own.failure, failureMessage: own.failureMessage ?? '' }
      : {}),
    ...(own ? { deadline: own.deadline, invoiceTotal: own.total } : {}),
    ...(own?.byHand ? { byHand: true } : {}),
    ...(request.markedAt ? { markedAt: request.markedAt } : {}),
    ...(request.markedBy ? { markedBy: request.markedBy } : {}),
  };
}

/**
 * An operator marks a request Popbill could not issue (waiting for a person, or failed) issued by hand
 * with the approval number of an invoice issued elsewhere, or cancelled (none is owed), recorded as the
 * account's activity in the same transaction; the pipeline records the call in the audit trail. When the
 * product had made an invoice for it, that invoice is marked, with every payment it covers, and its
 * attention case ends. Anything else is refused (`conflict`); two operators at once mark once.
 */
export async function markTaxInvoice(
  input: { merchantUid: string; mark: TaxInvoiceMark; approvalNumber?: string | undefined; reason: string },
  operator: Operator,
) {
  const request = await getTaxInvoiceRequest(input.merchantUid);
  if (!request) throw new AdminError('not_found', `No invoice request for ${input.merchantUid}`);
  if (!canMark(request.state))
    throw new AdminError('conflict', `console-tax-invoices:refusal.state_${request.state}`);
  const approvalNumber = input.mark === 'issued' ? approvalNumberOf(input.approvalNumber ?? '') : undefined;
  if (input.mark === 'issued' && !approvalNumber)
    throw new AdminError('invalid_argument', 'console-tax-invoices:refusal.approval_number_invalid');
  const mark = {
    state: input.mark,
    ...(approvalNumber ? { approvalNumber } : {}),
    markedAt: nowMs(),
    markedBy: operator.email,
  };
  const activity = (tx: Parameters<typeof activityCommit>[0]) => [
    activityCommit(tx, {
      uid: request.uid,
      action: input.mark === 'issued' ? 'tax-invoice.issue' : 'tax-invoice.cancel',
      desc: `${input.merchantUid}${approvalNumber ? ` ${approvalNumber}` : ''}: ${input.reason}`,
      operator,
    }),
  ];
  const invoice = request.invoiceKey ? await getTaxInvoice(request.invoiceKey) : undefined;
  const marked = invoice
    ? invoice.state === 'failed' &&
      (await markInvoice(
        invoice,
        [...(await getTaxInvoiceRequests(invoice.lines.map((line) => line.merchantUid))).values()],
        mark,
        activity,
      ))
    : await markTaxInvoiceRequest(request, mark, activity);
  if (!marked) throw new AdminError('conflict', 'console-tax-invoices:refusal.state_changed');
  const after = (await getTaxInvoiceRequest(input.merchantUid)) as TaxInvoiceRequest;
  return { result: rowOf(after, await invoicesOf([after])) };
}

/**
 * A short-lived link to the PDF of an invoice Popbill issued (the payment's, or an amendment), for its
 * buyer (`uid`) or finance staff (no `uid`); Popbill's links last seconds, so one is asked per click.
 */
export async function taxInvoicePdf(mgtKey: string, uid?: string): Promise<{ url: string }> {
  const invoice = await getTaxInvoice(mgtKey);
  const shown =
    invoice && !invoice.byHand && invoice.ntsConfirmNum && (uid === undefined || invoice.uid === uid);
  if (!shown) {
    if (uid !== undefined) throw new PaymentError('INVALID_ARGUMENT', 'No such tax invoice of this account');
    throw new AdminError('not_found', `No tax invoice ${mgtKey} issued through Popbill`);
  }
  try {
    return { url: await taxInvoicePdfUrl(mgtKey) };
  } catch (error) {
    if (!(error instanceof PopbillError)) throw error;
    throw new PaymentError('TAX_INVOICE_SERVICE_FAILED', error.message);
  }
}
