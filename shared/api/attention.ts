import * as z from 'zod';
import { ATTENTION_KINDS } from '../attention/attention-cases.ts';
import { HAND_REFUND_MEANS } from '../refunds/hand-refunds.ts';
import { RefundAccountSchema } from '../refunds/refund-account.ts';
import { REFUND_SOURCES, RefundDecisionSchema } from '../refunds/refund-session.ts';
import { defineRoute } from './define-route.ts';
import { ListPageAnswerShape, ListPageRequestShape } from './list-page.ts';

/**
 * The console's "Needs attention" page (issue 16 part 4; shared/attention/attention-cases.ts): the open
 * cases a page at a time, and the action that ends one. Ending a case twice (two operators at once)
 * ends it once: the later answers `already-ended` and changes nothing.
 */
export const AttentionCaseSchema = z.object({
  caseId: z.string(),
  kind: z.enum(ATTENTION_KINDS),
  /** The account it is about; none for a bulk job's message (its rows are many accounts). */
  uid: z.string().optional(),
  userEmail: z.string().optional(),
  merchantUid: z.string().optional(),
  planId: z.string().optional(),
  planName: z.string().optional(),
  /** The payment's recorded method and channel: a refund's way is named by them. */
  payMethod: z.string().optional(),
  pg: z.string().optional(),
  amount: z.number().optional(),
  currency: z.string().optional(),
  reason: z.string(),
  raisedAt: z.number(),
  refundSources: z.array(z.enum(REFUND_SOURCES)),
  /** The ways a refund of it may take, the first preselected, and whether each needs the customer's account. */
  refundWays: RefundDecisionSchema.shape.ways,
  /** An operator's retries of a held plan so far. */
  retries: z.number(),
  /** A dead letter's bulk queue, or its scheduled target's function ARN. */
  source: z.string().optional(),
  /** A dead-lettered bulk message's job and the rows it carried. */
  jobId: z.string().optional(),
  rows: z.number().optional(),
  /** A bank transfer's account, masked (the whole number: admin-refund-transfer-account). */
  transferTo: z.object({ bankCode: z.string(), holder: z.string(), accountMasked: z.string() }).optional(),
  /** Who asked for the refund: 'user', or the operator's e-mail. */
  requestedBy: z.string().optional(),
});
export type AttentionCaseView = z.infer<typeof AttentionCaseSchema>;

export const adminAttentionList = defineRoute({
  name: 'adminAttentionList',
  service: 'payment',
  method: 'POST',
  path: '/admin-attention-list',
  caller: 'admin',
  role: 'viewer',
  summary: 'What needs an operator: the open attention cases, oldest first, a page at a time (`cursor`)',
  request: z.object(ListPageRequestShape),
  response: z.object({ result: z.array(AttentionCaseSchema), ...ListPageAnswerShape }),
  handler: 'attention/admin-attention-list',
  grants: ['table:read'],
});

export const adminAttentionResolve = defineRoute({
  name: 'adminAttentionResolve',
  service: 'payment',
  method: 'POST',
  path: '/admin-attention-resolve',
  caller: 'admin',
  role: 'finance',
  summary:
    "Ends an attention case by an operator's action: its money refunded through the provider, the wallet or " +
    'by bank transfer from the product account (with the customer’s account where the way needs one), a ' +
    'refund owed from the product account marked paid with its reference (and how, when returned by hand), a held plan’s renewal retried now, a dead-lettered bulk ' +
    'message sent to its queue again or a dead-lettered run scheduled again, or the case dismissed with a ' +
    'reason; recorded as the account’s activity',
  request: z.discriminatedUnion('action', [
    z.object({
      caseId: z.string().min(1).max(200),
      action: z.literal('refund'),
      refundSource: z.enum(REFUND_SOURCES),
      refundAccount: RefundAccountSchema.optional(),
      reason: z.string().trim().min(1).max(500),
    }),
    z.object({
      caseId: z.string().min(1).max(200),
      action: z.literal('transfer-paid'),
      /** The reference of the payment: the bank's (거래번호) for a transfer, PayPal's for a PayPal payment. */
      transferReference: z.string().trim().min(1).max(100),
      /** How a refund owed by hand (no account on the case) was paid; none for a bank transfer. */
      paidVia: z.enum(HAND_REFUND_MEANS).optional(),
      reason: z.string().trim().max(500).default(''),
    }),
    z.object({
      caseId: z.string().min(1).max(200),
      action: z.literal('retry'),
      reason: z.string().trim().min(1).max(500),
    }),
    z.object({
      caseId: z.string().min(1).max(200),
      action: z.literal('dismiss'),
      reason: z.string().trim().min(1).max(500),
    }),
  ]),
  response: z.object({ result: z.enum(['ended', 'retry-scheduled', 'already-ended']) }),
  handler: 'attention/admin-attention-resolve',
  grants: ['table:read', 'table:write', 'payment:provider', 'scheduler', 'queue:bulk'],
});

/**
 * The whole account number of a bank transfer still to make, for the operator who makes it (the list shows
 * it masked). Not read-only: each reading is in the audit trail, as a staff action on personal data.
 */
export const adminRefundTransferAccount = defineRoute({
  name: 'adminRefundTransferAccount',
  service: 'payment',
  method: 'POST',
  path: '/admin-refund-transfer-account',
  caller: 'admin',
  role: 'finance',
  summary:
    'The whole bank account of a refund owed by bank transfer (refund_transfer case), while it is owed',
  request: z.object({ caseId: z.string().min(1).max(200) }),
  response: z.object({ result: RefundAccountSchema }),
  handler: 'attention/admin-refund-transfer-account',
  grants: ['table:read', 'table:write'],
});

export const attentionRoutes = [
  adminAttentionList,
  adminAttentionResolve,
  adminRefundTransferAccount,
] as const;
