export {
  type CashReceiptForm,
  cashReceiptChoiceOf,
  EMPTY_CASH_RECEIPT_FORM,
} from './cash-receipt-form.ts';
export { type CashReceiptFieldProblem, CashReceiptSection } from './components/CashReceiptSection.tsx';
export { CashReceiptStatus } from './components/CashReceiptStatus.tsx';
