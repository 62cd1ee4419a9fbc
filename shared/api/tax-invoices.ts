import * as z from 'zod';
import { CURRENCIES } from '../currency.ts';
import { INVOICE_TIMINGS } from '../tax-invoices/tax-invoice-deadlines.ts';
import {
  AmendmentViewSchema,
  INVOICE_FAILURES,
  InvoiceMonthSchema,
  TAX_INVOICE_MARKS,
  TAX_INVOICE_STATES,
  TaxInvoiceDetailsSchema,
} from '../tax-invoices/tax-invoice-rules.ts';
import { defineRoute } from './define-route.ts';
import { ListPageAnswerShape, ListPageRequestShape } from './list-page.ts';
import { SessionGuid } from './session-guid.ts';

/**
 * Tax invoices (세금계산서, shared/tax-invoices): a business account's invoice details, given on the
 * order page (by the session's guid) and on the billing page (signed in), the console's month of
 * invoice requests with the invoices the product issued through Popbill, the marks finance staff give
 * what Popbill could not issue (issued by hand with the approval number, or cancelled), and the PDF of
 * an issued invoice for its buyer and for finance staff.
 */
const DetailsAnswer = z.object({ details: TaxInvoiceDetailsSchema.nullable() });
const grantsRead = ['table:read'] as const;
const grantsWrite = ['table:read', 'table:write'] as const;
/** Saving the details asks Popbill whether the business is operating. */
const grantsCheck = [...grantsWrite, 'tax-invoice:issue'] as const;

export const getPaymentSessionTaxInvoice = defineRoute({
  name: 'getPaymentSessionTaxInvoice',
  service: 'payment',
  method: 'POST',
  path: '/get-payment-session-tax-invoice',
  caller: 'guid',
  summary: "The invoice details of the session's account (null for an account that gave none)",
  request: z.object({ guid: SessionGuid }),
  response: DetailsAnswer,
  handler: 'tax-invoices/get-payment-session-tax-invoice',
  grants: grantsRead,
});

export const savePaymentSessionTaxInvoice = defineRoute({
  name: 'savePaymentSessionTaxInvoice',
  service: 'payment',
  method: 'POST',
  path: '/save-payment-session-tax-invoice',
  caller: 'guid',
  summary:
    "Keeps the invoice details on the session's account (the order page of a business account): the " +
    'business registration number is checked by its check digit, and with the NTS (through Popbill): a ' +
    'closed, suspended or unregistered business is BUSINESS_NOT_OPERATING',
  request: z.object({ guid: SessionGuid, details: TaxInvoiceDetailsSchema }),
  response: DetailsAnswer,
  handler: 'tax-invoices/save-payment-session-tax-invoice',
  grants: grantsCheck,
});

export const userTaxInvoiceDetails = defineRoute({
  name: 'userTaxInvoiceDetails',
  service: 'payment',
  method: 'GET',
  path: '/user-tax-invoice-details',
  caller: 'user',
  summary: "The signed-in account's invoice details (null when it gave none)",
  request: z.object({}),
  response: DetailsAnswer,
  handler: 'tax-invoices/user-tax-invoice-details',
  grants: grantsRead,
});

export const saveUserTaxInvoiceDetails = defineRoute({
  name: 'saveUserTaxInvoiceDetails',
  service: 'payment',
  method: 'PUT',
  path: '/user-tax-invoice-details',
  caller: 'user',
  summary:
    "Keeps the signed-in account's invoice details (the billing page; checked as on the order page); its " +
    'later paid orders request an invoice',
  request: z.object({ details: TaxInvoiceDetailsSchema }),
  response: DetailsAnswer,
  handler: 'tax-invoices/save-user-tax-invoice-details',
  grants: grantsCheck,
});

export const TaxInvoiceRowSchema = z.object({
  merchantUid: z.string(),
  uid: z.string(),
  userEmail: z.string(),
  paidAt: z.number(),
  planName: z.string(),
  payMethod: z.string(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  businessNumber: z.string(),
  companyName: z.string(),
  representative: z.string(),
  address: z.string(),
  businessType: z.string(),
  businessItem: z.string(),
  invoiceEmail: z.string(),
  timing: z.enum(INVOICE_TIMINGS),
  /** 공급가액 and 세액 of the amount paid (won payments). */
  supplyCost: z.number().optional(),
  tax: z.number().optional(),
  state: z.enum(TAX_INVOICE_STATES),
  approvalNumber: z.string().optional(),
  /** Popbill's document number of the invoice that covers the payment (its PDF), when Popbill issued it. */
  mgtKey: z.string().optional(),
  /** The invoice's total (a month's covers several payments), its deadline (yyyy-MM-dd, KST). */
  invoiceTotal: z.number().optional(),
  deadline: z.string().optional(),
  /** Why it was not issued, and what Popbill or the status check said. */
  failure: z.enum(INVOICE_FAILURES).optional(),
  failureMessage: z.string().optional(),
  /** Marked issued by an operator, issued elsewhere. */
  byHand: z.boolean().optional(),
  amendments: z.array(AmendmentViewSchema).optional(),
  markedAt: z.number().optional(),
  markedBy: z.string().optional(),
});
export type TaxInvoiceRow = z.infer<typeof TaxInvoiceRowSchema>;

export const adminTaxInvoiceList = defineRoute({
  name: 'adminTaxInvoiceList',
  service: 'payment',
  method: 'POST',
  path: '/admin-tax-invoice-list',
  caller: 'admin',
  role: 'finance',
  readOnly: true,
  summary:
    "A month's invoice requests (KST, the month of the payment), oldest first, a page at a time, by state " +
    '(its own index) and pay method',
  request: z.object({
    month: InvoiceMonthSchema,
    state: z.enum(TAX_INVOICE_STATES).optional(),
    payMethod: z.string().min(1).max(32).optional(),
    ...ListPageRequestShape,
  }),
  response: z.object({ result: z.array(TaxInvoiceRowSchema), ...ListPageAnswerShape }),
  handler: 'tax-invoices/admin-tax-invoice-list',
  grants: grantsRead,
});

export const adminTaxInvoiceMark = defineRoute({
  name: 'adminTaxInvoiceMark',
  service: 'payment',
  method: 'POST',
  path: '/admin-tax-invoice-mark',
  caller: 'admin',
  role: 'finance',
  summary:
    'Marks an invoice request Popbill could not issue (waiting, or failed) issued by hand (with the NTS ' +
    "approval number of an invoice issued elsewhere) or cancelled, recorded as the account's activity; a " +
    'malformed number is invalid_argument, a request issued or being issued conflict',
  request: z.object({
    merchantUid: z.string().min(1).max(40),
    mark: z.enum(TAX_INVOICE_MARKS),
    approvalNumber: z.string().max(40).optional(),
    reason: z.string().trim().min(1).max(500),
  }),
  response: z.object({ result: TaxInvoiceRowSchema }),
  handler: 'tax-invoices/admin-tax-invoice-mark',
  grants: grantsWrite,
});

const PdfRequest = {
  mgtKey: z
    .string()
    .max(24)
    .regex(/^[A-Za-z0-9_-]{1,24}$/),
};
const PdfAnswer = z.object({ url: z.string() });

export const adminTaxInvoicePdf = defineRoute({
  name: 'adminTaxInvoicePdf',
  service: 'payment',
  method: 'POST',
  path: '/admin-tax-invoice-pdf',
  caller: 'admin',
  role: 'finance',
  readOnly: true,
  summary:
    "A short-lived link to the PDF of an invoice Popbill issued (Popbill's GetPDFURL), by its document number",
  request: z.object(PdfRequest),
  response: PdfAnswer,
  handler: 'tax-invoices/admin-tax-invoice-pdf',
  grants: [...grantsRead, 'tax-invoice:issue'],
});

export const userTaxInvoicePdf = defineRoute({
  name: 'userTaxInvoicePdf',
  service: 'payment',
  method: 'POST',
  path: '/user-tax-invoice-pdf',
  caller: 'user',
  summary: "A short-lived link to the PDF of one of the signed-in account's tax invoices (the billing page)",
  request: z.object(PdfRequest),
  response: PdfAnswer,
  handler: 'tax-invoices/user-tax-invoice-pdf',
  grants: [...grantsRead, 'tax-invoice:issue'],
});

export const taxInvoiceRoutes = [
  getPaymentSessionTaxInvoice,
  savePaymentSessionTaxInvoice,
  userTaxInvoiceDetails,
  saveUserTaxInvoiceDetails,
  adminTaxInvoiceList,
  adminTaxInvoiceMark,
  adminTaxInvoicePdf,
  userTaxInvoicePdf,
] as const;
