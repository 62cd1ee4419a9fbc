import { userTaxInvoiceDetails } from '../../shared/api/tax-invoices.ts';
import { PaymentError } from '../core/errors.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { taxInvoiceDetails } from '../core/tax-invoices/tax-invoices.ts';

export const handler = defineHandler(userTaxInvoiceDetails, async (_input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  return { details: await taxInvoiceDetails(caller.claims.uid) };
});
