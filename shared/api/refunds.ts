import * as z from 'zod';
import { RefundAccountSchema } from '../refunds/refund-account.ts';
import { REFUND_SOURCES, RefundEstimateSchema, RefundSessionSchema } from '../refunds/refund-session.ts';
import { defineRoute } from './define-route.ts';

/**
 * Refunds (site-and-payments.md sections 5 and 7; admin-console.md sections 3 and 7): the customer's
 * refund by guid and the operator's refund, on one engine. create-user-refund (the signed-in account
 * holder opens the session whose guid the refund page carries) is not named by the specifications.
 */
const Guid = z.string().min(1).max(64);
const Reason = z.string().trim().min(1).max(500);
const Price = z.number().nonnegative();
/**
 * A refund made: how much and which way; one by bank transfer is owed from the product's account to the
 * masked account (an operator marks it paid on the attention page).
 */
const RefundAnswer = z.object({
  result: z.object({
    kind: z.enum(['refunded', 'unsubscribed']),
    amount: z.number().optional(),
    refundSource: z.enum(REFUND_SOURCES).optional(),
    transferTo: z.object({ bankCode: z.string(), holder: z.string(), accountMasked: z.string() }).optional(),
  }),
});
const grants = [
  'table:read',
  'table:write',
  'payment:provider',
  'scheduler',
  'holidays:read',
  'mail:send',
] as const;

export const createUserRefund = defineRoute({
  name: 'createUserRefund',
  service: 'payment',
  method: 'POST',
  path: '/create-user-refund',
  caller: 'user',
  summary: "Open a refund session (guid) for the signed-in account's current plan",
  request: z.object({}),
  response: z.object({ guid: Guid }),
  handler: 'refunds/create-user-refund',
  grants: ['table:read', 'table:write'],
});

export const userRefundInfo = defineRoute({
  name: 'userRefundInfo',
  service: 'payment',
  method: 'POST',
  path: '/user-refund-info',
  caller: 'guid',
  summary: 'The refund session of a guid: the estimate for a refund asked now (EXPIRED once it has lapsed)',
  request: z.object({ guid: Guid }),
  response: z.object({ result: RefundSessionSchema }),
  handler: 'refunds/user-refund-info',
  grants: ['table:read', 'table:write', 'holidays:read'],
});

export const cancelPaymentUser = defineRoute({
  name: 'cancelPaymentUser',
  service: 'payment',
  method: 'POST',
  path: '/cancel-payment-user',
  caller: 'guid',
  summary:
    "The customer's refund of exactly the estimate (both agreements ticked), the plan ending now; a zero " +
    'estimate unsubscribes instead',
  request: z.object({
    guid: Guid,
    price: Price,
    reason: Reason,
    refundSource: z.enum(REFUND_SOURCES),
    /** The customer's bank account, where the refund's way needs one (refundWays: account required). */
    refundAccount: RefundAccountSchema.optional(),
    agreed: z.boolean().default(false),
  }),
  response: RefundAnswer,
  handler: 'refunds/cancel-payment-user',
  grants,
});

export const adminRefundInfo = defineRoute({
  name: 'adminRefundInfo',
  service: 'auth',
  method: 'POST',
  path: '/admin-refund-info',
  caller: 'admin',
  role: 'finance',
  readOnly: true,
  summary:
    "The refund estimate of the account's current plan for a request at requestedMs, counted on its " +
    'business day unless businessDay is false',
  request: z.object({
    uid: z.string().min(1).max(128),
    requestedMs: z.number().int(),
    businessDay: z.boolean().default(true),
  }),
  response: z.object({ result: RefundEstimateSchema }),
  handler: 'refunds/admin-refund-info',
  grants: ['table:read', 'table:write', 'holidays:read'],
});

export const adminCancelPayment = defineRoute({
  name: 'adminCancelPayment',
  service: 'payment',
  method: 'POST',
  path: '/cancel-payment',
  caller: 'admin',
  role: 'finance',
  summary:
    "An operator's refund of the account's current plan (any amount up to what its payment can return, through " +
    'the provider, the wallet or by bank transfer from the product account, as refundWays allows), the plan ' +
    'ending now; zero unsubscribes instead',
  request: z.object({
    uid: z.string().min(1).max(128),
    price: Price,
    reason: Reason,
    refundSource: z.enum(REFUND_SOURCES),
    refundAccount: RefundAccountSchema.optional(),
    /**
     * The refund dialog's own id: sent again with the same id (after an answer that never came), the
     * request answers the refund it started instead of refusing or starting another.
     */
    requestId: z.uuid().optional(),
  }),
  response: RefundAnswer,
  handler: 'refunds/cancel-payment',
  grants,
});

export const refundRoutes = [
  createUserRefund,
  userRefundInfo,
  cancelPaymentUser,
  adminRefundInfo,
  adminCancelPayment,
] as const;
