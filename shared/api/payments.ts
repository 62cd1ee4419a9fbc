import * as z from 'zod';
import { CashReceiptViewSchema } from '../cash-receipts/cash-receipt-rules.ts';
import { CURRENCIES } from '../currency.ts';
import { PhoneNumberSchema } from '../orders/contact.ts';
import { PLAN_STATUSES } from '../payments/payment-codes.ts';
import { FREE_COUNTERS, PAID_COUNTERS } from '../usage/usage-rules.ts';
import { adminDescRule } from '../users/admin-user-rules.ts';
import { defineRoute } from './define-route.ts';
import { ListPageAnswerShape, ListPageRequestShape } from './list-page.ts';

/**
 * The console's money screens that stand on orders and payments (admin-console.md sections 2, 3 and
 * 7): the plans, payments and contact of the user detail, payment progress (order links), the payment
 * search and the contact-info update.
 */
const Uid = z.string().trim().min(1).max(64);
const Currency = z.enum(CURRENCIES);

/** A row of the user detail's plans table (section 3, Plan). */
export const AdminPlanRowSchema = z.object({
  planId: z.string(),
  created: z.number(),
  planName: z.string(),
  paidAt: z.number().optional(),
  expiredAt: z.number(),
  planStatus: z.enum(PLAN_STATUSES),
  isSubscription: z.boolean(),
  customerUid: z.string().optional(),
});
export type AdminPlanRow = z.infer<typeof AdminPlanRowSchema>;

/** A row of the payments table (section 3, Payment); also a row of the payment search. */
export const AdminPaymentRowSchema = z.object({
  uid: z.string(),
  paidAt: z.number(),
  planName: z.string(),
  payMethod: z.string(),
  pg: z.string(),
  price: z.number(),
  currency: Currency,
  /** What was returned of it so far (refunds), in `currency`. */
  cancelledAmount: z.number(),
  userName: z.string(),
  userEmail: z.string(),
  userPhone: z.string(),
  status: z.string(),
  merchantUid: z.string(),
  customerUid: z.string().optional(),
  impUid: z.string().optional(),
  paymentType: z.string(),
  /** The cash receipt (현금영수증) of a cash payment (the user detail's rows). */
  cashReceipt: CashReceiptViewSchema.optional(),
});
export type AdminPaymentRow = z.infer<typeof AdminPaymentRowSchema>;

export const PaymentContactInfoSchema = z.object({
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhoneNumber: z.string(),
});

/** The monthly counters of the user detail (section 2): STT in seconds, the others in their units. */
export const AdminUsageCountersSchema = z.object({
  free: z.record(z.enum(FREE_COUNTERS), z.number()),
  paid: z.record(z.enum(PAID_COUNTERS), z.number()),
  lastUpdatedMonthly: z.number().optional(),
  paidLastUpdatedMonthly: z.number().optional(),
});
export type AdminUsageCounters = z.infer<typeof AdminUsageCountersSchema>;

/** The money keys of admin-user-info (spread into AdminUserInfoSchema). */
export const AdminUserMoneyShape = {
  usage: AdminUsageCountersSchema,
  plans: z.array(AdminPlanRowSchema),
  payments: z.array(AdminPaymentRowSchema),
  paymentContactInfo: PaymentContactInfoSchema.nullable(),
  /** The latest plan's name while it has not expired, otherwise FREE (section 4). */
  validPlan: z.string(),
  /** The server's time when the plans were read: the instant the plan-state rules judge at. */
  checkedAt: z.number(),
};

/** A row of payment progress (section 3): one payment session with its latest order. */
export const PaymentProgressRowSchema = z.object({
  id: z.string(),
  guid: z.string(),
  uid: z.string(),
  cid: z.string().optional(),
  merchantUid: z.string().optional(),
  customerUid: z.string().optional(),
  planName: z.string(),
  payMethod: z.string().optional(),
  pg: z.string().optional(),
  price: z.number().optional(),
  currency: Currency,
  created: z.number(),
  createdStatus: z.string(),
  updated: z.number(),
  updatedStatus: z.string().optional(),
  desc: z.string().optional(),
  /** Until when the session can be ordered from. */
  expiresAt: z.number(),
});
export type PaymentProgressRow = z.infer<typeof PaymentProgressRowSchema>;

export const adminPaymentProgressList = defineRoute({
  name: 'adminPaymentProgressList',
  service: 'auth',
  method: 'POST',
  path: '/admin-payment-progress-list',
  caller: 'admin',
  role: 'viewer',
  summary:
    "An account's payment sessions, newest first, each with its latest order (sessions are kept a week " +
    'past their expiry; older payments are in the user detail)',
  request: z.object({ uid: Uid }),
  response: z.object({ result: z.array(PaymentProgressRowSchema) }),
  handler: 'payments/admin-payment-progress-list',
  grants: ['table:read'],
});

export const adminPaymentProgressCreate = defineRoute({
  name: 'adminPaymentProgressCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-payment-progress-create',
  caller: 'admin',
  role: 'finance',
  summary:
    'Open a payment session (init_custom) for an account at a plan of the plan-name choices: the order ' +
    'link the operator sends. Refused while the account holds an active plan (its payment would be ' +
    'refunded). Recorded in the account’s activities',
  request: z.object({
    uid: Uid,
    planName: z.string().trim().min(1, 'console-payments:validation.plan_name').max(64),
    currency: Currency,
    desc: adminDescRule,
  }),
  response: z.object({ result: PaymentProgressRowSchema }),
  handler: 'payments/admin-payment-progress-create',
  grants: ['table:read', 'table:write'],
});

export const UserPaymentFilterSchema = z.object({
  name: z.string().trim().max(64).optional(),
  email: z.string().trim().max(254).optional(),
  /** E.164, as the country code and number fields give it. */
  phone: z.union([z.literal(''), PhoneNumberSchema]).optional(),
  /** Paid at or after, epoch ms. */
  from: z.number().int().optional(),
  /** Paid before, epoch ms. */
  to: z.number().int().optional(),
  cid: z.string().trim().max(128).optional(),
  uid: z.string().trim().max(64).optional(),
  /**
   * Name and e-mail match as prefixes. Without it they match in full, and as prefixes only when nothing
   * matches in full (the answer's `partial` says so).
   */
  partial: z.boolean().default(false),
});
export type UserPaymentFilter = z.input<typeof UserPaymentFilterSchema>;

export const adminUserPaymentList = defineRoute({
  name: 'adminUserPaymentList',
  service: 'auth',
  method: 'POST',
  path: '/admin-user-payment-list',
  caller: 'admin',
  role: 'viewer',
  summary:
    'Payments matching every given filter, newest first: the most selective of uid, payer phone, payer ' +
    'e-mail, client id and payer name picks the index query (never a scan; a client id or payer name ' +
    "follows each of its accounts' payments in turn), read a page at a time (`cursor`); the others and " +
    'the paidAt range filter its rows. Name and e-mail match in full, else as prefixes (`partial`). No ' +
    'identifying filter answers no rows',
  request: UserPaymentFilterSchema.extend(ListPageRequestShape),
  response: z.object({
    users: z.array(AdminPaymentRowSchema),
    /** Name and e-mail were matched as prefixes. */
    partial: z.boolean(),
    ...ListPageAnswerShape,
  }),
  handler: 'payments/admin-user-payment-list',
  grants: ['table:read'],
});

export const updateUserContactInfo = defineRoute({
  name: 'updateUserContactInfo',
  service: 'payment',
  method: 'POST',
  path: '/update-user-contact-info',
  caller: 'admin',
  role: 'support',
  summary:
    "Change the payment contact's phone of a paying subscriber (recorded in the account's activities). " +
    'A refusal by the plan-state rules is a result with errorType and errorMsg',
  request: z.object({ uid: Uid, phone: PhoneNumberSchema, desc: adminDescRule }),
  response: z.object({
    result: z.object({
      updated: z.boolean(),
      errorType: z.string().optional(),
      errorMsg: z.string().optional(),
    }),
  }),
  handler: 'payments/update-user-contact-info',
  grants: ['table:read', 'table:write'],
});

export const adminConsoleSettings = defineRoute({
  name: 'adminConsoleSettings',
  service: 'auth',
  method: 'GET',
  path: '/admin-console-settings',
  caller: 'admin',
  role: 'viewer',
  summary: "The deployment's stage and site address: what the console's order links are built from",
  request: z.object({}),
  response: z.object({ stage: z.string(), siteUrl: z.string() }),
  handler: 'payments/admin-console-settings',
});

export const paymentRoutes = [
  adminPaymentProgressList,
  adminPaymentProgressCreate,
  adminUserPaymentList,
  updateUserContactInfo,
  adminConsoleSettings,
] as const;
