import { getPaymentSessionTaxInvoice } from '../../shared/api/tax-invoices.ts';
import { sessionOf } from '../core/orders/session-store.ts';
import { defineHandler } from '../core/pipeline.ts';
import { taxInvoiceDetails } from '../core/tax-invoices/tax-invoices.ts';

export const handler = defineHandler(getPaymentSessionTaxInvoice, async (input) => {
  const session = await sessionOf(input.guid, 'open', ['order']);
  return { details: await taxInvoiceDetails(session.uid) };
});
