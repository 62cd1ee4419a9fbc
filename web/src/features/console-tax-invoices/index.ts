export { taxInvoiceList } from './api/tax-invoices.ts';
export { TaxInvoiceList } from './components/TaxInvoiceList.tsx';
