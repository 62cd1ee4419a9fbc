import { DateTime } from 'luxon';
import * as z from 'zod';
import { businessNumberDigits } from '../tax-documents/business-number.ts';
import { KST_ZONE } from '../time/kst.ts';
import { INVOICE_TIMINGS } from './tax-invoice-deadlines.ts';

/**
 * Tax invoices (세금계산서) for business buyers. A business account keeps its invoice details on the
 * account, with the timing it wants (an invoice per payment, or one a month: tax-invoice-deadlines.ts);
 * each paid order of the account then records an invoice request, which the product issues through
 * Popbill (functions/core/tax-invoices) and amends when the payment is refunded. A payment a card slip
 * documents (a card or an easy-pay payment: 신용카드매출전표) or a cash receipt (현금영수증) needs no tax
 * invoice, and gets none (부가가치세법 제33조 제2항): its request is recorded as served by it. Only what
 * Popbill refuses needs a person: a finance operator may then mark it issued by hand (with the approval
 * number of an invoice issued elsewhere) or cancelled.
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
  /** An invoice per payment (즉시발행) or one for the month's payments (월합계); each unless told. */
  timing: z.enum(INVOICE_TIMINGS).default('each'),
});
export type TaxInvoiceDetails = z.output<typeof TaxInvoiceDetailsSchema>;

/** The details that name the buyer on an invoice (all but the timing). */
export const BUYER_FIELDS = [
  'businessNumber',
  'companyName',
  'representative',
  'address',
  'businessType',
  'businessItem',
  'invoiceEmail',
] as const;
export type BuyerDetails = Pick<TaxInvoiceDetails, (typeof BUYER_FIELDS)[number]>;

/** The buyer's details of anything that keeps them (the account's, a request's, an invoice's). */
export function buyerOf(source: BuyerDetails): BuyerDetails {
  return Object.fromEntries(BUYER_FIELDS.map((field) => [field, source[field]])) as BuyerDetails;
}
export type TaxInvoiceDetailsInput = z.input<typeof TaxInvoiceDetailsSchema>;

/**
 * Where a payment's request stands: `requested` waits to be issued (at once, or with the month's
 * invoice), `issuing` while Popbill is asked, `issued` once it is (or an operator marked it issued by
 * hand), `sent` once the NTS has it (국세청 전송), `failed` when Popbill or the NTS refused it or the buyer's
 * business is closed (an attention task), `cancelled` when none is owed (refunded in full before it was
 * sent, or cancelled by an operator); `card_slip` and `cash_receipt` are served by the payment's own
 * document. An operator acts only on a request waiting or failed.
 */
export const TAX_INVOICE_STATES = [
  'requested',
  'issuing',
  'issued',
  'sent',
  'failed',
  'cancelled',
  'card_slip',
  'cash_receipt',
] as const;
export type TaxInvoiceState = (typeof TAX_INVOICE_STATES)[number];
export const TAX_INVOICE_MARKS = ['issued', 'cancelled'] as const;

/**
 * An invoice at Popbill: the payment's own (`invoice`: one payment, or the month's of a buyer), an
 * amended one after a refund (`amendment`, 수정세금계산서), or the record that a refund cancelled the
 * invoice instead (`cancellation`: issued the same day and not sent yet). Its state as Popbill reports it.
 */
export const INVOICE_DOCUMENT_KINDS = ['invoice', 'amendment', 'cancellation'] as const;
export type InvoiceDocumentKind = (typeof INVOICE_DOCUMENT_KINDS)[number];
export const INVOICE_DOCUMENT_STATES = ['issuing', 'issued', 'sent', 'failed', 'cancelled'] as const;
export type InvoiceDocumentState = (typeof INVOICE_DOCUMENT_STATES)[number];

/**
 * Why an invoice was not issued: the buyer's business closed, suspended or unknown to the NTS (Popbill's
 * status check, before issuing), Popbill's refusal (its message kept), or the NTS's refusal of one issued.
 */
export const INVOICE_FAILURES = [
  'business_closed',
  'business_suspended',
  'business_unregistered',
  'refused',
  'nts_refused',
] as const;
export type InvoiceFailure = (typeof INVOICE_FAILURES)[number];

const ApprovalNumber = z.string().optional();

/** An amended invoice (or the cancellation a refund made) as the buyer and the console see it. */
export const AmendmentViewSchema = z.object({
  kind: z.enum(['amendment', 'cancellation']),
  state: z.enum(INVOICE_DOCUMENT_STATES),
  /** Negative: what the refund took off (합계). */
  total: z.number(),
  supplyCost: z.number(),
  tax: z.number(),
  /** yyyy-MM-dd: the refund's day. */
  writeDate: z.string(),
  approvalNumber: ApprovalNumber,
  /** Popbill's document number, for its PDF. */
  mgtKey: z.string(),
});
export type AmendmentView = z.infer<typeof AmendmentViewSchema>;

/** A payment's tax invoice as its buyer sees it on the billing page: where it stands, its numbers. */
export const TaxInvoiceViewSchema = z.object({
  state: z.enum(TAX_INVOICE_STATES),
  /** The National Tax Service's approval number (24 characters, without hyphens). */
  approvalNumber: ApprovalNumber,
  /** Popbill's document number of the invoice that covers the payment (its PDF), when Popbill issued it. */
  mgtKey: z.string().optional(),
  amendments: z.array(AmendmentViewSchema).optional(),
});
export type TaxInvoiceView = z.infer<typeof TaxInvoiceViewSchema>;
export type TaxInvoiceMark = (typeof TAX_INVOICE_MARKS)[number];

/** Whether an operator may mark a request (issued by hand, or cancelled): only one waiting or refused. */
export function canMark(state: TaxInvoiceState): boolean {
  return state === 'requested' || state === 'failed';
}

/** Whether an invoice covers the payment at Popbill or by hand (a refund of it then calls for an amendment). */
export function isIssued(state: TaxInvoiceState): boolean {
  return state === 'issued' || state === 'sent';
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
