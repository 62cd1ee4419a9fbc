import { saveUserTaxInvoiceDetails } from '../../shared/api/tax-invoices.ts';
import { PaymentError } from '../core/errors.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { saveTaxInvoiceDetails } from '../core/tax-invoices/tax-invoices.ts';

export const handler = defineHandler(saveUserTaxInvoiceDetails, async (input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  return { details: await saveTaxInvoiceDetails(caller.claims.uid, input.details) };
});
