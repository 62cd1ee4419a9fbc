import { adminTaxInvoiceMark } from '../../shared/api/tax-invoices.ts';
import { operatorOf } from '../core/identity/operator.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { markTaxInvoice } from '../core/tax-invoices/tax-invoices.ts';

export const handler = defineHandler(adminTaxInvoiceMark, (input, context) =>
  markTaxInvoice(input, operatorOf(context)),
);
