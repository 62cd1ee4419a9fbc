import { userTaxInvoicePdf } from '../../shared/api/tax-invoices.ts';
import { PaymentError } from '../core/errors.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { taxInvoicePdf } from '../core/tax-invoices/tax-invoices.ts';

export const handler = defineHandler(userTaxInvoicePdf, async (input, { caller }) => {
  if (caller.kind !== 'user') throw new PaymentError('AUTHORIZATION', 'A signed-in account is required');
  return taxInvoicePdf(input.mgtKey, caller.claims.uid);
});
