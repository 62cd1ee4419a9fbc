import {
  type CashReceiptChoice,
  cashReceiptAsked,
  cashReceiptIdentifier,
} from '../../../shared/cash-receipts/cash-receipt-rules.ts';
import type { Currency } from '../../../shared/currency.ts';
import { PaymentError } from '../errors.ts';

/**
 * The buyer's cash receipt choice as an order keeps it (insert-payment-progress): required for a won
 * virtual account, its identifier checked and kept as digits; refused for a payment that is not cash.
 * The refusal's message is the order page's text key for it.
 */
export function orderCashReceiptChoice(
  order: { payMethod: string; currency: Currency },
  choice: CashReceiptChoice | undefined,
): CashReceiptChoice | undefined {
  if (!cashReceiptAsked(order)) {
    if (choice && choice.purpose !== 'none')
      throw new PaymentError('INVALID_ARGUMENT', 'cash-receipt:problem.not_cash');
    return undefined;
  }
  if (!choice) throw new PaymentError('INVALID_ARGUMENT', 'cash-receipt:problem.choice_missing');
  if (choice.purpose === 'none') return choice;
  const checked = cashReceiptIdentifier(choice);
  if ('problem' in checked)
    throw new PaymentError('INVALID_ARGUMENT', `cash-receipt:problem.${checked.problem}`);
  return { ...choice, identifier: checked.identifier };
}
