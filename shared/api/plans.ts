import * as z from 'zod/mini';
import { PlanPriceInfoSchema, PlanUsageInfoSchema } from '../plans/plan-types.ts';
import { defineRoute } from './define-route.ts';

export const getPaymentPlanInfoV2 = defineRoute({
  name: 'getPaymentPlanInfoV2',
  service: 'payment',
  method: 'POST',
  path: '/get-payment-plan-info-v2',
  caller: 'public',
  summary: 'Plan price infos and usage infos offered to a referral type at a price version',
  request: z.object({
    referralType: z.optional(z.string().check(z.maxLength(64))),
    priceVersion: z.optional(z.string().check(z.maxLength(16))),
  }),
  response: z.object({
    result: z.literal('success'),
    planPriceInfos: z.array(PlanPriceInfoSchema),
    planUsageInfos: z.array(PlanUsageInfoSchema),
  }),
  handler: 'plans/get-payment-plan-info-v2',
  grants: ['table:read'],
});

export const planRoutes = [getPaymentPlanInfoV2] as const;
