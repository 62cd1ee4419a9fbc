import type { TFunction } from 'i18next';
import { type PayField, type PayForm, payProblems } from '../../../../shared/orders/pay-checks.ts';
import type { PayMethod } from '../../../../shared/payments/pay-methods.ts';
import type { AccountType } from '../../../../shared/plans/plans-offered.ts';
import type { CashReceiptFieldProblem, cashReceiptChoiceOf } from '../cash-receipts/index.ts';
import { AGREEMENT_KEYS, type FieldProblem, firstUnticked, payMethodInputId } from '../checkout/index.ts';

/** The order page's sections whose controls can be wrong (their ids derive from these). */
export const ORDER_IDS = {
  contact: 'order-contact',
  agreement: 'order-agreement',
  final: 'order-final-confirmation',
  cashReceipt: 'order-cash-receipt',
  taxInvoice: 'order-tax-invoice',
} as const;

export const accountTypeInputId = (type: AccountType) => `order-account-type-${type}`;

/** The order form's fields that can be wrong, in the order the page shows them (the summary's order). */
export type OrderField = PayField | 'tax-invoice' | 'cash-receipt';
const FIELD_ORDER: readonly OrderField[] = [
  'account-type',
  'tax-invoice',
  'name',
  'email',
  'phone',
  'coupon',
  'pay-method',
  'cash-receipt',
  'agreement',
  'final-confirmation',
];

/**
 * Every problem of the order form, each with its message and the control the summary's link leads to
 * (the first box still unticked, the first method, the field itself): the specification's pay checks,
 * then the tax documents (issue 26), the cash receipt's choice or number and a business account's
 * invoice details not yet saved. `t` is the `order` namespace's, `documentText` the tax documents'.
 */
export function orderProblems(input: {
  t: TFunction;
  documentText: TFunction;
  form: PayForm;
  finalItems: ReadonlyArray<{ key: string; checked: boolean }>;
  methods: readonly PayMethod[];
  receipt: ReturnType<typeof cashReceiptChoiceOf> | undefined;
  invoiceMissing: boolean;
}): {
  problems: Array<FieldProblem & { key: OrderField }>;
  receiptProblem: CashReceiptFieldProblem | undefined;
} {
  const { form, documentText } = input;
  const targets: Record<PayField, string> = {
    'final-confirmation': firstUnticked(ORDER_IDS.final, input.finalItems) ?? ORDER_IDS.final,
    agreement:
      firstUnticked(
        ORDER_IDS.agreement,
        AGREEMENT_KEYS.map((key, index) => ({ key, checked: form.agreements[index] ?? false })),
      ) ?? ORDER_IDS.agreement,
    'pay-method': input.methods[0] ? payMethodInputId(input.methods[0]) : 'order-pay-method',
    name: `${ORDER_IDS.contact}-name`,
    email: `${ORDER_IDS.contact}-email`,
    phone: `${ORDER_IDS.contact}-phone`,
    'account-type': accountTypeInputId('individual'),
    coupon: 'order-coupon-input',
  };
  const problems: Array<FieldProblem & { key: OrderField }> = payProblems(form).map(({ field, alert }) => ({
    key: field,
    targetId: targets[field],
    message: input.t(`pay_checks.${alert}`),
  }));
  let receiptProblem: CashReceiptFieldProblem | undefined;
  if (input.receipt && 'problem' in input.receipt) {
    const at = input.receipt.problem === 'choice_missing' ? 'purpose' : 'number';
    receiptProblem = { at, message: documentText(`cash-receipt:problem.${input.receipt.problem}`) };
    problems.push({
      key: 'cash-receipt',
      targetId:
        at === 'purpose' ? `${ORDER_IDS.cashReceipt}-income_deduction` : `${ORDER_IDS.cashReceipt}-number`,
      message: receiptProblem.message,
    });
  }
  if (input.invoiceMissing)
    problems.push({
      key: 'tax-invoice',
      targetId: `${ORDER_IDS.taxInvoice}-businessNumber`,
      message: documentText('tax-invoice:missing'),
    });
  problems.sort((a, b) => FIELD_ORDER.indexOf(a.key) - FIELD_ORDER.indexOf(b.key));
  return { problems, receiptProblem };
}
