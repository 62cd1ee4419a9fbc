export { taxInvoiceDetailsKey } from './api/tax-invoice-details.ts';
export { PaymentDocumentNote } from './components/PaymentDocumentNote.tsx';
export { TaxInvoiceSection } from './components/TaxInvoiceSection.tsx';
export { TaxInvoiceStatus } from './components/TaxInvoiceStatus.tsx';
