import { adminTaxInvoicePdf } from '../../shared/api/tax-invoices.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { taxInvoicePdf } from '../core/tax-invoices/tax-invoices.ts';

export const handler = defineHandler(adminTaxInvoicePdf, (input) => taxInvoicePdf(input.mgtKey));
