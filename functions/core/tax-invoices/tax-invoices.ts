import type { ListPageRequest } from '../../../shared/api/list-page.ts';
import type { Currency } from '../../../shared/currency.ts';
import {
  approvalNumberOf,
  canMark,
  invoiceMonthOf,
  invoiceStateAtPayment,
  type TaxInvoiceDetails,
  type TaxInvoiceMark,
  type TaxInvoiceState,
} from '../../../shared/tax-invoices/tax-invoice-rules.ts';
import { nowMs } from '../clock.ts';
import { readPage } from '../data/list-page.ts';
import type { PaymentOrder } from '../data/order-reads.ts';
import {
  createTaxInvoiceRequest,
  getTaxInvoiceProfile,
  getTaxInvoiceRequest,
  markTaxInvoiceRequest,
  monthRequestsQuery,
  putTaxInvoiceProfile,
  type TaxInvoiceProfile,
  type TaxInvoiceRequest,
} from '../data/tax-invoice-repository.ts';
import { activityCommit, type Operator } from '../data/user-activity-repository.ts';
import { AdminError } from '../errors.ts';

/**
 * Tax invoices (세금계산서, shared/tax-invoices): a business account's invoice details, the invoice
 * request each of its paid orders records, and the console's month of requests that an operator marks
 * issued (with the approval number) or cancelled.
 */
const DETAIL_FIELDS = [
  'businessNumber',
  'companyName',
  'representative',
  'address',
  'businessType',
  'businessItem',
  'invoiceEmail',
] as const;

function detailsOf(item: TaxInvoiceProfile | TaxInvoiceRequest): TaxInvoiceDetails {
  return Object.fromEntries(DETAIL_FIELDS.map((field) => [field, item[field]])) as TaxInvoiceDetails;
}

export async function taxInvoiceDetails(uid: string): Promise<TaxInvoiceDetails | null> {
  const profile = await getTaxInvoiceProfile(uid);
  return profile ? detailsOf(profile) : null;
}

export async function saveTaxInvoiceDetails(
  uid: string,
  details: TaxInvoiceDetails,
): Promise<TaxInvoiceDetails> {
  return detailsOf(await putTaxInvoiceProfile(uid, details));
}

/**
 * Records a paid order's invoice request for a business account (one that keeps invoice details), once
 * per order: its details as they are now, and what serves it already (a card slip, a cash receipt).
 */
export async function recordInvoiceRequest(
  order: PaymentOrder,
  paid: { paidAt: number; amount: number },
  profile: TaxInvoiceProfile,
  hasCashReceipt: boolean,
): Promise<void> {
  await createTaxInvoiceRequest({
    merchantUid: order.merchantUid,
    uid: order.uid,
    userEmail: order.userEmail,
    month: invoiceMonthOf(paid.paidAt),
    paidAt: paid.paidAt,
    planName: order.planName,
    payMethod: order.payMethod,
    amount: order.finalPrice,
    currency: order.currency as Currency,
    ...detailsOf(profile),
    state: invoiceStateAtPayment({ payMethod: order.payMethod, hasCashReceipt }),
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
  return { result: rows.map(rowOf), cursor };
}

function rowOf(request: TaxInvoiceRequest) {
  return {
    merchantUid: request.merchantUid,
    uid: request.uid,
    userEmail: request.userEmail,
    paidAt: request.paidAt,
    planName: request.planName,
    payMethod: request.payMethod,
    amount: request.amount,
    currency: request.currency,
    ...detailsOf(request),
    state: request.state,
    ...(request.approvalNumber ? { approvalNumber: request.approvalNumber } : {}),
    ...(request.markedAt ? { markedAt: request.markedAt } : {}),
    ...(request.markedBy ? { markedBy: request.markedBy } : {}),
  };
}

/**
 * An operator marks a request issued (with the approval number the e-tax-invoice system gave) or
 * cancelled, recorded as the account's activity in the same transaction. Only a request waiting can be
 * marked (an issued, cancelled or card-slip one is refused: `conflict`); two operators at once mark once.
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
  const marked = await markTaxInvoiceRequest(
    request,
    {
      state: input.mark,
      ...(approvalNumber ? { approvalNumber } : {}),
      markedAt: nowMs(),
      markedBy: operator.email,
    },
    (tx) => [
      activityCommit(tx, {
        uid: request.uid,
        action: input.mark === 'issued' ? 'tax-invoice.issue' : 'tax-invoice.cancel',
        desc: `${input.merchantUid}${approvalNumber ? ` ${approvalNumber}` : ''}: ${input.reason}`,
        operator,
      }),
    ],
  );
  if (!marked) throw new AdminError('conflict', 'console-tax-invoices:refusal.state_changed');
  return { result: rowOf((await getTaxInvoiceRequest(input.merchantUid)) as TaxInvoiceRequest) };
}
