import { savePaymentSessionTaxInvoice } from '../../shared/api/tax-invoices.ts';
import { sessionOf } from '../core/orders/session-store.ts';
import { defineHandler } from '../core/pipeline.ts';
import { saveTaxInvoiceDetails } from '../core/tax-invoices/tax-invoices.ts';

export const handler = defineHandler(savePaymentSessionTaxInvoice, async (input) => {
  const session = await sessionOf(input.guid, 'open', ['order']);
  return { details: await saveTaxInvoiceDetails(session.uid, input.details) };
});
