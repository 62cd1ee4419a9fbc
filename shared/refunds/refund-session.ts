import * as z from 'zod';
import { CURRENCIES } from '../currency.ts';
import { PLAN_PERIODS, PLAN_TYPES } from '../plans/plan-types.ts';

/**
 * The refund session (site-and-payments.md section 5) as user-refund-info answers it, and the estimate
 * of admin-refund-info (admin-console.md section 3) which is the same without the e-mail. Money goes
 * back through the provider (portone), the wallet (naver_pay), or by bank transfer from the product's
 * account (cutloom) to the customer's; which of them a refund may take is refund-ways.ts's decision.
 */
export const PRODUCT_REFUND_SOURCE = 'cutloom';
export const REFUND_SOURCES = ['portone', 'naver_pay', PRODUCT_REFUND_SOURCE] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

/** The decision's reasons (shared/refunds/refund-ways.ts), spelled here so that the contract stays a leaf. */
export const OWN_WAY_CLOSED = [
  'phone_past_month',
  'phone_partial',
  'window_passed',
  'outside_provider',
] as const;
export const REFUND_REFUSALS = ['transfer_abroad'] as const;

export const RefundDecisionSchema = z.object({
  ways: z.array(z.object({ source: z.enum(REFUND_SOURCES), account: z.enum(['none', 'required']) })),
  ownWayClosed: z.enum(OWN_WAY_CLOSED).optional(),
  refusal: z.enum(REFUND_REFUSALS).optional(),
});

export const RefundEstimateSchema = z.object({
  paidAt: z.number(),
  planName: z.string(),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  usedPeriod: z.number(),
  estimatedRefundPrice: z.number(),
  fixedPrice: z.number(),
  isFullRefund: z.boolean(),
  planType: z.enum(PLAN_TYPES),
  period: z.enum(PLAN_PERIODS),
  isDaily: z.boolean(),
  isUpgrade: z.boolean(),
  /** The way the estimate's own amount goes back (the customer's, the console's preselected one). */
  refundSource: z.enum(REFUND_SOURCES),
  pg: z.string(),
  payMethod: z.string(),
  /** What the payment can still return: the most an operator may refund. */
  refundable: z.number(),
  /**
   * How a refund goes back, for a cancel of the whole price and for a part of it (cancelKind): the estimate
   * never offers a way its refund would refuse.
   */
  refundWays: z.object({ whole: RefundDecisionSchema, part: RefundDecisionSchema }),
});
export type RefundEstimateInfo = z.infer<typeof RefundEstimateSchema>;

export const RefundSessionSchema = RefundEstimateSchema.extend({ userEmail: z.string() });
export type RefundSessionInfo = z.infer<typeof RefundSessionSchema>;
