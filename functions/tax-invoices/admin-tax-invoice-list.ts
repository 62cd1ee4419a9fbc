import { adminTaxInvoiceList } from '../../shared/api/tax-invoices.ts';
import { defineHandler } from '../core/signed-in-pipeline.ts';
import { taxInvoiceList } from '../core/tax-invoices/tax-invoices.ts';

export const handler = defineHandler(adminTaxInvoiceList, (input) => taxInvoiceList(input));
