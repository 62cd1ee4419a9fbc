import * as z from 'zod';
import { CashReceiptViewSchema } from '../cash-receipts/cash-receipt-rules.ts';
import { CURRENCIES } from '../currency.ts';
import { SITE_LANGUAGES } from '../languages.ts';
import { PLAN_PERIODS, PLAN_TYPES } from '../plans/plan-types.ts';
import { TaxInvoiceViewSchema } from '../tax-invoices/tax-invoice-rules.ts';
import { defineRoute } from './define-route.ts';

/**
 * The signed-in customer's billing (issue 17 parts 2 and 3; the specifications name no path): the
 * billing page's summary and payment history, and the cancel at period end and its undo. The billing
 * page is the customer's side of what the console's user detail shows an operator.
 */

/** What the billing page says of the plan's state (issue 17: active, cancels on DATE, on hold and why). */
export const BILLING_STATES = ['active', 'cancels', 'ends', 'on-hold'] as const;
export type BillingState = (typeof BILLING_STATES)[number];

/** The flows the billing page offers for the plan, by the plan-state rules (shared/subscriptions). */
export const BillingActionsSchema = z.object({
  cancelRenewal: z.boolean(),
  resumeRenewal: z.boolean(),
  changeCard: z.boolean(),
  upgrade: z.boolean(),
  eraser: z.boolean(),
  refund: z.boolean(),
});
export type BillingActions = z.infer<typeof BillingActionsSchema>;

export const BillingPlanSchema = z.object({
  planName: z.string(),
  planType: z.enum(PLAN_TYPES),
  period: z.enum(PLAN_PERIODS),
  isSubscription: z.boolean(),
  state: z.enum(BILLING_STATES),
  /** Why the plan is on hold: its renewal was declined after every retry (the only way to HOLD). */
  holdReason: z.enum(['renewal-declined']).optional(),
  paidAt: z.number().optional(),
  expiredAt: z.number(),
  /** The next renewal, while the plan renews. */
  nextCharge: z.object({ at: z.number(), amount: z.number(), currency: z.enum(CURRENCIES) }).nullable(),
  /** What the renewal is charged to: a card (its issuer and masked number when the provider tells) or the wallet. */
  chargedTo: z
    .object({
      kind: z.enum(['card', 'wallet']),
      cardName: z.string().optional(),
      cardNumber: z.string().optional(),
    })
    .nullable(),
  actions: BillingActionsSchema,
});
export type BillingPlan = z.infer<typeof BillingPlanSchema>;

export const userBilling = defineRoute({
  name: 'userBilling',
  service: 'payment',
  method: 'GET',
  path: '/user-billing',
  caller: 'user',
  summary:
    "The signed-in account's plan as the billing page shows it: state, next charge, what it is charged to " +
    'and the flows it may open (plan null without a live plan)',
  request: z.object({}),
  response: z.object({ result: z.object({ plan: BillingPlanSchema.nullable(), checkedAt: z.number() }) }),
  handler: 'billing/user-billing',
  grants: ['table:read', 'payment:provider'],
});

export const BILLING_HISTORY_PAGE = 10;

export const BillingPaymentSchema = z.object({
  merchantUid: z.string(),
  paidAt: z.number(),
  planName: z.string(),
  /** first, renewal, upgrade, eraser...: the kind of charge (the order's payment type). */
  paymentType: z.string(),
  amount: z.number(),
  currency: z.enum(CURRENCIES),
  status: z.enum(['paid', 'cancelled', 'partial_cancelled']),
  refundedAmount: z.number(),
  /** The provider's receipt page, where the provider gives one (PortOne's receipt_url). */
  receiptUrl: z.string().optional(),
  /** The cash receipt (현금영수증) of a cash payment. */
  cashReceipt: CashReceiptViewSchema.optional(),
  /** A business account's tax invoice (세금계산서) for the payment: requested, issued, or served by another document. */
  taxInvoice: TaxInvoiceViewSchema.optional(),
});
export type BillingPayment = z.infer<typeof BillingPaymentSchema>;

export const userPaymentHistory = defineRoute({
  name: 'userPaymentHistory',
  service: 'payment',
  method: 'GET',
  path: '/user-payment-history',
  caller: 'user',
  summary:
    "The signed-in account's payments, newest first, a page of 10 at a time (cursor: where the last page " +
    'ended, null after the last)',
  request: z.object({ cursor: z.string().min(1).max(2048).optional() }),
  response: z.object({ result: z.array(BillingPaymentSchema), cursor: z.string().nullable() }),
  handler: 'billing/user-payment-history',
  grants: ['table:read'],
});

const RenewalChoiceRequest = z.object({ language: z.enum(SITE_LANGUAGES) });
const RenewalChoiceAnswer = z.object({
  result: z.object({
    planName: z.string(),
    planStatus: z.enum(['PAID', 'UNSCHEDULED', 'HOLD']),
    expiredAt: z.number(),
    /** False when the plan was already so (a repeated request): nothing was done, no mail sent. */
    changed: z.boolean(),
  }),
});
const renewalGrants = ['table:read', 'table:write', 'scheduler', 'mail:send'] as const;

export const cancelRenewal = defineRoute({
  name: 'cancelRenewal',
  service: 'payment',
  method: 'POST',
  path: '/cancel-renewal',
  caller: 'user',
  summary:
    "Cancel the signed-in account's subscription at period end: it stays until it expires (UNSCHEDULED) " +
    'and does not renew; the billing key is kept. Idempotent; confirmed by mail in `language`',
  request: RenewalChoiceRequest,
  response: RenewalChoiceAnswer,
  handler: 'billing/cancel-renewal',
  grants: renewalGrants,
});

export const resumeRenewal = defineRoute({
  name: 'resumeRenewal',
  service: 'payment',
  method: 'POST',
  path: '/resume-renewal',
  caller: 'user',
  summary:
    "Resume the renewal of the signed-in account's cancelled subscription before it expires (PAID, its " +
    'renewal scheduled again). Idempotent; confirmed by mail in `language`',
  request: RenewalChoiceRequest,
  response: RenewalChoiceAnswer,
  handler: 'billing/resume-renewal',
  grants: renewalGrants,
});

export const billingRoutes = [userBilling, userPaymentHistory, cancelRenewal, resumeRenewal] as const;
