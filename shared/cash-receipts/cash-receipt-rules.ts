import * as z from 'zod';
import type { Currency } from '../currency.ts';
import type { PayMethod } from '../payments/pay-methods.ts';
import { businessNumberDigits } from '../tax-documents/business-number.ts';

/**
 * Cash receipts (현금영수증) for the won payments PortOne calls cash (its receipt API: "현금성 거래
 * (가상계좌, 계좌이체)"). The product sells by virtual account and not by real-time transfer, so the
 * virtual account is the one method that asks. The buyer chooses:
 * - income deduction (소득공제): a mobile number or a cash-receipt card number, issued `person`;
 * - expense proof (지출증빙): a business registration number, issued `company`;
 * - none: nothing is issued, except that a payment of ₩100,000 or more is issued all the same to the
 *   National Tax Service's self-issue number 010-000-1234 (소득세법 제162조의3 제4항, 법인세법
 *   제117조의2 제4항: the sellers of the mandatory sectors issue one for every cash payment of ₩100,000 or
 *   more, asked or not, within 5 days), unless a tax invoice (세금계산서) is requested for the order, which
 *   then is the payment's document.
 */
export const CASH_RECEIPT_PURPOSES = ['income_deduction', 'expense_proof', 'none'] as const;
export type CashReceiptPurpose = (typeof CASH_RECEIPT_PURPOSES)[number];

/** PortOne's identifier_type of each identifier the order page takes (its `person` is never asked). */
export const CASH_RECEIPT_IDENTIFIER_TYPES = ['phone', 'taxcard', 'business'] as const;
export type CashReceiptIdentifierType = (typeof CASH_RECEIPT_IDENTIFIER_TYPES)[number];

/** The methods whose payments are cash for the provider's receipt API. */
export const CASH_RECEIPT_METHODS: readonly PayMethod[] = ['vbank'];

/** The self-issue number (국세청 지정번호 010-000-1234) and the amount from which issuing is owed unasked. */
export const SELF_ISSUE_IDENTIFIER = '0100001234';
export const SELF_ISSUE_FROM_KRW = 100_000;

export function cashReceiptAsked(order: { payMethod: string; currency: Currency }): boolean {
  return order.currency === 'KRW' && (CASH_RECEIPT_METHODS as readonly string[]).includes(order.payMethod);
}

export const CashReceiptChoiceSchema = z.discriminatedUnion('purpose', [
  z.object({
    purpose: z.literal('income_deduction'),
    identifierType: z.enum(['phone', 'taxcard']),
    identifier: z.string().max(40),
  }),
  z.object({
    purpose: z.literal('expense_proof'),
    identifierType: z.literal('business'),
    identifier: z.string().max(40),
  }),
  z.object({ purpose: z.literal('none') }),
]);
export type CashReceiptChoice = z.infer<typeof CashReceiptChoiceSchema>;

/** Why a typed identifier cannot be one (the order page's message key under `cash-receipt:problem`). */
export type CashReceiptProblem = 'phone_invalid' | 'card_invalid' | 'business_number_invalid';

const digitsOf = (typed: string) => typed.replace(/[\s-]/g, '');

/**
 * The identifier as the provider takes it (digits only), or the problem with it: a Korean mobile number
 * (010 and 8 digits; the older 011, 016 to 019 also with 7), a card number of 13 to 19 digits (the lengths ISO/IEC 7812 allows a card
 * number), a business registration number with its check digit.
 */
export function cashReceiptIdentifier(
  choice: Exclude<CashReceiptChoice, { purpose: 'none' }>,
): { identifier: string } | { problem: CashReceiptProblem } {
  const digits = digitsOf(choice.identifier);
  switch (choice.identifierType) {
    case 'phone':
      return /^(010\d{8}|01[16789]\d{7,8})$/.test(digits)
        ? { identifier: digits }
        : { problem: 'phone_invalid' };
    case 'taxcard':
      return /^\d{13,19}$/.test(digits) ? { identifier: digits } : { problem: 'card_invalid' };
    case 'business': {
      const number = businessNumberDigits(choice.identifier);
      return number ? { identifier: number } : { problem: 'business_number_invalid' };
    }
  }
}

/** What the provider is asked to issue (POST /receipts/{imp_uid}: identifier, identifier_type, type). */
export interface ReceiptToIssue {
  identifier: string;
  identifierType: CashReceiptIdentifierType;
  type: 'person' | 'company';
  /** Issued to the self-issue number because the buyer chose none. */
  selfIssued: boolean;
}

/**
 * The receipt an order's payment owes, from the buyer's choice (already checked), the price the buyer
 * agreed to in won and whether a tax invoice is requested for it; undefined when none is owed.
 */
export function receiptToIssue(
  choice: CashReceiptChoice,
  order: { priceKrw: number; invoiceRequested: boolean },
): ReceiptToIssue | undefined {
  if (choice.purpose === 'income_deduction')
    return {
      identifier: choice.identifier,
      identifierType: choice.identifierType,
      type: 'person',
      selfIssued: false,
    };
  if (choice.purpose === 'expense_proof')
    return { identifier: choice.identifier, identifierType: 'business', type: 'company', selfIssued: false };
  if (order.priceKrw < SELF_ISSUE_FROM_KRW || order.invoiceRequested) return undefined;
  return { identifier: SELF_ISSUE_IDENTIFIER, identifierType: 'phone', type: 'person', selfIssued: true };
}

/** An identifier shown back (billing page, console, mail): its last four digits only. */
export function maskedIdentifier(identifier: string): string {
  return `${'*'.repeat(Math.max(0, identifier.length - 4))}${identifier.slice(-4)}`;
}

/** Where a cash receipt stands, as the billing page, the console and the receipt mail say it. */
export const CASH_RECEIPT_STATES = ['issuing', 'issued', 'failed', 'cancelled'] as const;
export type CashReceiptState = (typeof CASH_RECEIPT_STATES)[number];

export const CashReceiptViewSchema = z.object({
  state: z.enum(CASH_RECEIPT_STATES),
  purpose: z.enum(CASH_RECEIPT_PURPOSES),
  /** The National Tax Service's approval number (PortOne's apply_num), once issued. */
  approvalNumber: z.string().optional(),
  /** The identifier's last four digits; absent for the self-issue number. */
  identifier: z.string().optional(),
  selfIssued: z.boolean(),
  amount: z.number(),
  receiptUrl: z.string().optional(),
});
export type CashReceiptView = z.infer<typeof CashReceiptViewSchema>;
