import * as z from 'zod';
import { CURRENCIES } from '../currency.ts';
import { PLAN_PERIODS, PLAN_TYPES } from '../plans/plan-types.ts';

/**
 * The refund session (site-and-payments.md section 5) as user-refund-info answers it, and the estimate
 * of admin-refund-info (admin-console.md section 3) which is the same without the e-mail. Money goes
 * back through the provider (portone), the wallet (naver_pay), or to the customer's product account.
 */
export const PRODUCT_REFUND_SOURCE = 'cutloom';
export const REFUND_SOURCES = ['portone', 'naver_pay', PRODUCT_REFUND_SOURCE] as const;
export type RefundSource = (typeof REFUND_SOURCES)[number];

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
  refundSource: z.enum(REFUND_SOURCES),
  pg: z.string(),
  payMethod: z.string(),
});
export type RefundEstimateInfo = z.infer<typeof RefundEstimateSchema>;

export const RefundSessionSchema = RefundEstimateSchema.extend({ userEmail: z.string() });
export type RefundSessionInfo = z.infer<typeof RefundSessionSchema>;
