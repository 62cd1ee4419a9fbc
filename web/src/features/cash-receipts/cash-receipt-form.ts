import {
  type CashReceiptChoice,
  type CashReceiptProblem,
  type CashReceiptPurpose,
  cashReceiptIdentifier,
} from '../../../../shared/cash-receipts/cash-receipt-rules.ts';

/** What the order page's cash receipt section holds while the buyer fills it. */
export interface CashReceiptForm {
  purpose: CashReceiptPurpose | undefined;
  /** For income deduction: a mobile number or a cash-receipt card number. */
  deductionBy: 'phone' | 'taxcard';
  identifier: string;
}

export const EMPTY_CASH_RECEIPT_FORM: CashReceiptForm = {
  purpose: undefined,
  deductionBy: 'phone',
  identifier: '',
};

/** The choice the order sends, or why it cannot be sent yet (checked by the server's own rule). */
export function cashReceiptChoiceOf(
  form: CashReceiptForm,
): { choice: CashReceiptChoice } | { problem: CashReceiptProblem | 'choice_missing' } {
  if (!form.purpose) return { problem: 'choice_missing' };
  if (form.purpose === 'none') return { choice: { purpose: 'none' } };
  const choice: CashReceiptChoice =
    form.purpose === 'income_deduction'
      ? { purpose: 'income_deduction', identifierType: form.deductionBy, identifier: form.identifier }
      : { purpose: 'expense_proof', identifierType: 'business', identifier: form.identifier };
  const checked = cashReceiptIdentifier(choice);
  return 'problem' in checked ? checked : { choice: { ...choice, identifier: checked.identifier } };
}
