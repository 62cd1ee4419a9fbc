import * as z from 'zod';
import { CURRENCIES } from '../currency.ts';
import {
  InvoiceMonthSchema,
  TAX_INVOICE_MARKS,
  TAX_INVOICE_STATES,
  TaxInvoiceDetailsSchema,
} from '../tax-invoices/tax-invoice-rules.ts';
import { defineRoute } from './define-route.ts';
import { ListPageAnswerShape, ListPageRequestShape } from './list-page.ts';

/**
 * Tax invoices (세금계산서, shared/tax-invoices): a business account's invoice details, given on the
 * order page (by the session's guid) and on the billing page (signed in), and the console's month of
 * invoice requests, which finance staff mark issued (with the approval number) or cancelled.
 */
const DetailsAnswer = z.object({ details: TaxInvoiceDetailsSchema.nullable() });
const grantsRead = ['table:read'] as const;
const grantsWrite = ['table:read', 'table:write'] as const;

export const getPaymentSessionTaxInvoice = defineRoute({
  name: 'getPaymentSessionTaxInvoice',
  service: 'payment',
  method: 'POST',
  path: '/get-payment-session-tax-invoice',
  caller: 'guid',
  summary: "The invoice details of the session's account (null for an account that gave none)",
  request: z.object({ guid: z.string() }),
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
    'business registration number is checked by its check digit',
  request: z.object({ guid: z.string(), details: TaxInvoiceDetailsSchema }),
  response: DetailsAnswer,
  handler: 'tax-invoices/save-payment-session-tax-invoice',
  grants: grantsWrite,
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
    "Keeps the signed-in account's invoice details (the billing page); its later paid orders request an invoice",
  request: z.object({ details: TaxInvoiceDetailsSchema }),
  response: DetailsAnswer,
  handler: 'tax-invoices/save-user-tax-invoice-details',
  grants: grantsWrite,
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
  state: z.enum(TAX_INVOICE_STATES),
  approvalNumber: z.string().optional(),
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
    'Marks a waiting invoice request issued (with the NTS approval number) or cancelled, recorded as the ' +
    "account's activity; a malformed number is invalid_argument, a request no longer waiting conflict",
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

export const taxInvoiceRoutes = [
  getPaymentSessionTaxInvoice,
  savePaymentSessionTaxInvoice,
  userTaxInvoiceDetails,
  saveUserTaxInvoiceDetails,
  adminTaxInvoiceList,
  adminTaxInvoiceMark,
] as const;
