import { DateTime } from 'luxon';
import * as z from 'zod';
import { businessNumberDigits } from '../tax-documents/business-number.ts';
import { KST_ZONE } from '../time/kst.ts';

/**
 * Tax invoices (세금계산서) for business buyers. A business account keeps its invoice details on the
 * account; each paid order of the account then records an invoice request, which an operator issues
 * at the National Tax Service's e-tax-invoice system (홈택스) or an e-tax-invoice service and marks
 * issued with its approval number, or cancelled. A payment a card slip documents (a card or an easy-pay
 * payment: 신용카드매출전표) or a cash receipt (현금영수증) needs no tax invoice, and gets none
 * (부가가치세법 제33조 제2항): its request is recorded as served by it.
 */
const text = (max: number) => z.string().trim().min(1, 'required').max(max, 'too_long');

export const TaxInvoiceDetailsSchema = z.object({
  /** 사업자등록번호, checked by its check digit; kept as its 10 digits. */
  businessNumber: z
    .string()
    .max(20)
    .transform((typed, ctx) => {
      const digits = businessNumberDigits(typed);
      if (!digits) ctx.addIssue({ code: 'custom', message: 'business_number_invalid' });
      return digits ?? typed;
    }),
  /** 상호 (the company's name). */
  companyName: text(100),
  /** 대표자 성명. */
  representative: text(50),
  /** 사업장 주소. */
  address: text(200),
  /** 업태 (business type) and 종목 (business item), as on the registration certificate. */
  businessType: text(50),
  businessItem: text(50),
  /** Where the e-tax invoice is sent. */
  invoiceEmail: z.email('email_invalid').max(254),
});
export type TaxInvoiceDetails = z.output<typeof TaxInvoiceDetailsSchema>;
export type TaxInvoiceDetailsInput = z.input<typeof TaxInvoiceDetailsSchema>;

/**
 * Where a request stands: `requested` waits for an operator, who marks it `issued` (with the approval
 * number) or `cancelled` (no invoice is owed: the payment was refunded, the buyer withdrew the request);
 * `card_slip` and `cash_receipt` are served by the payment's own document. Only a request can change.
 */
export const TAX_INVOICE_STATES = ['requested', 'issued', 'cancelled', 'card_slip', 'cash_receipt'] as const;
export type TaxInvoiceState = (typeof TAX_INVOICE_STATES)[number];
export const TAX_INVOICE_MARKS = ['issued', 'cancelled'] as const;

/** A payment's tax invoice as its buyer sees it on the billing page: where it stands, the approval number once issued. */
export const TaxInvoiceViewSchema = z.object({
  state: z.enum(TAX_INVOICE_STATES),
  /** The National Tax Service's approval number (24 characters, without hyphens). */
  approvalNumber: z.string().optional(),
});
export type TaxInvoiceView = z.infer<typeof TaxInvoiceViewSchema>;
export type TaxInvoiceMark = (typeof TAX_INVOICE_MARKS)[number];

export function canMark(state: TaxInvoiceState): boolean {
  return state === 'requested';
}

/**
 * What serves a paid order as its document, from how it was paid: the provider's card-type methods
 * (card, the easy pays, PayPal as card, the wallet's card) leave a card slip; a virtual account for
 * which the buyer asked a cash receipt has that (issued, or listed for an operator until it is); anything
 * else waits for a tax invoice.
 */
export function invoiceStateAtPayment(payment: {
  payMethod: string;
  hasCashReceipt: boolean;
}): Extract<TaxInvoiceState, 'requested' | 'card_slip' | 'cash_receipt'> {
  if (CARD_SLIP_METHODS.includes(payment.payMethod)) return 'card_slip';
  if (payment.hasCashReceipt) return 'cash_receipt';
  return 'requested';
}
const CARD_SLIP_METHODS = ['card', 'kakaopay', 'naverpay', 'payco', 'paypal', 'naver_pay'];

/**
 * The approval number (국세청 승인번호) of an issued e-tax invoice: 24 characters in three groups of
 * eight, the date it was written (yyyyMMdd), eight digits and eight hexadecimal characters, e.g.
 * 20211226-41000203-00002e07 (the numbers e-tax-invoice services hand back as `ntsconfirmNum`).
 * Answers it without hyphens in lower case, or undefined when it cannot be one.
 */
export function approvalNumberOf(typed: string): string | undefined {
  const match = /^(\d{8})-?(\d{8})-?([0-9a-fA-F]{8})$/.exec(typed.trim());
  if (!match) return undefined;
  const [, date = '', office = '', serial = ''] = match;
  if (!DateTime.fromFormat(date, 'yyyyMMdd', { zone: KST_ZONE }).isValid) return undefined;
  return `${date}${office}${serial.toLowerCase()}`;
}

export function formatApprovalNumber(number: string): string {
  return `${number.slice(0, 8)}-${number.slice(8, 16)}-${number.slice(16)}`;
}

/** The month (KST, `yyyy-MM`) a paid order's request is listed in: the month of the supply. */
export function invoiceMonthOf(paidAt: number): string {
  return DateTime.fromMillis(paidAt, { zone: KST_ZONE }).toFormat('yyyy-MM');
}

export const InvoiceMonthSchema = z
  .string()
  .max(7, 'console-shell:date.invalid')
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'console-shell:date.invalid');
