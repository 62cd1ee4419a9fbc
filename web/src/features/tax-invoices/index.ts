export { TaxInvoiceSection } from './components/TaxInvoiceSection.tsx';
