import {
  type AmendmentView,
  isIssued,
  type TaxInvoiceView,
} from '../../../shared/tax-invoices/tax-invoice-rules.ts';
import {
  getTaxInvoiceRequests,
  getTaxInvoices,
  type TaxInvoice,
  type TaxInvoiceRequest,
} from '../data/tax-invoice-repository.ts';

/**
 * How a payment's tax invoice is shown (the billing page's history, the console's month): the request's
 * state and approval number, the document number of the invoice Popbill issued for it (its PDF), and the
 * amended invoices (or the cancellation) its refunds made. One batch read of the requests of a page and
 * one of their invoices.
 */
export async function invoicesOf(requests: readonly TaxInvoiceRequest[]): Promise<Map<string, TaxInvoice>> {
  return getTaxInvoices(
    requests.flatMap((request) => [
      ...(request.invoiceKey ? [request.invoiceKey] : []),
      ...(request.amendmentKeys ?? []),
    ]),
  );
}

function amendmentView(invoice: TaxInvoice): AmendmentView {
  return {
    kind: invoice.kind === 'cancellation' ? 'cancellation' : 'amendment',
    state: invoice.state,
    total: invoice.total,
    supplyCost: invoice.supplyCost,
    tax: invoice.tax,
    writeDate: invoice.writeDate,
    mgtKey: invoice.mgtKey,
    ...(invoice.ntsConfirmNum ? { approvalNumber: invoice.ntsConfirmNum } : {}),
  };
}

/** A request's invoice as the buyer and the console see it. */
export function invoiceView(
  request: TaxInvoiceRequest,
  invoices: ReadonlyMap<string, TaxInvoice>,
): TaxInvoiceView {
  const own = request.invoiceKey ? invoices.get(request.invoiceKey) : undefined;
  const amendments = (request.amendmentKeys ?? [])
    .flatMap((key) => {
      const found = invoices.get(key);
      return found ? [found] : [];
    })
    .sort((a, b) => a.created - b.created)
    .map(amendmentView);
  return {
    state: request.state,
    ...(isIssued(request.state) && request.approvalNumber ? { approvalNumber: request.approvalNumber } : {}),
    ...(own && !own.byHand && own.ntsConfirmNum ? { mgtKey: own.mgtKey } : {}),
    ...(amendments.length ? { amendments } : {}),
  };
}

/** The invoices of a page of payments, by merchantUid (payments without a request are absent). */
export async function taxInvoiceViews(merchantUids: readonly string[]): Promise<Map<string, TaxInvoiceView>> {
  const requests = [...(await getTaxInvoiceRequests(merchantUids)).values()];
  const invoices = await invoicesOf(requests);
  return new Map(requests.map((request) => [request.merchantUid, invoiceView(request, invoices)]));
}
