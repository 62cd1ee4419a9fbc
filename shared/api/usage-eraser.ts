import * as z from 'zod';
import { CLIENT_TYPES } from '../identity/client-types.ts';
import { SITE_LANGUAGES } from '../languages.ts';
import { PhoneNumberSchema } from '../orders/contact.ts';
import { CurrencySchema } from '../orders/session-info.ts';
import { PAY_METHODS } from '../payments/pay-methods.ts';
import { PLAN_PERIODS, PLAN_TYPES } from '../plans/plan-types.ts';
import { METERED_USAGE_TYPES } from '../usage/usage-rules.ts';
import { defineRoute } from './define-route.ts';
import { SessionGuid } from './session-guid.ts';

/**
 * The usage eraser (site-and-payments.md sections 2, 3, 5 and 7): a one-off purchase that sets one of
 * this month's paid counters back to zero. create-init-usage-eraser opens its session (the specification
 * does not name that call); get-payment-usage-eraser-session-info and
 * insert-payment-progress-usage-eraser-info are the specification's; the payment is confirmed by
 * get-payment-result like every order, and its grant is the reset.
 */
export const UsageLineSchema = z.object({
  usageType: z.enum(METERED_USAGE_TYPES),
  used: z.number(),
  limit: z.number(),
  unit: z.enum(['seconds', 'characters', 'credits']),
});

export const EraserOfferSchema = z.object({
  planName: z.string(),
  usageType: z.enum(METERED_USAGE_TYPES),
  usage: z.number(),
  description: z.string(),
  /** In the session's currency: the KRW price for KRW, the JPY price for JPY, else the USD price. */
  price: z.number(),
  /** What the checkout charges (the test-range image in test mode). */
  chargedPrice: z.number(),
});

export const EraserSessionInfoSchema = z.object({
  guid: z.string(),
  language: z.enum(SITE_LANGUAGES),
  currency: CurrencySchema,
  isTest: z.boolean(),
  planName: z.string(),
  planType: z.enum(PLAN_TYPES),
  period: z.enum(PLAN_PERIODS),
  accountInfo: z.object({ userName: z.string(), email: z.string() }),
  usage: z.array(UsageLineSchema),
  options: z.array(EraserOfferSchema),
  payMethods: z.array(z.enum(PAY_METHODS)),
  expiresAt: z.number(),
});
export type EraserSessionInfo = z.infer<typeof EraserSessionInfoSchema>;

export const createInitUsageEraser = defineRoute({
  name: 'createInitUsageEraser',
  service: 'payment',
  method: 'POST',
  path: '/create-init-usage-eraser',
  caller: 'user',
  summary:
    "Open a usage-eraser session (guid) for the signed-in account's current plan; USER_NOT_SUBSCRIBED " +
    'without a live plan, INVALID_ARGUMENT for a plan that is not offered erasers',
  request: z.object({
    uid: z.string().max(64).optional(),
    cid: z.string().max(128).optional(),
    clientType: z.enum(CLIENT_TYPES),
    language: z.enum(SITE_LANGUAGES),
  }),
  response: z.object({ guid: z.string() }),
  handler: 'usage-eraser/create-init-usage-eraser',
  grants: ['table:read', 'table:write'],
});

export const getPaymentUsageEraserSessionInfo = defineRoute({
  name: 'getPaymentUsageEraserSessionInfo',
  service: 'payment',
  method: 'POST',
  path: '/get-payment-usage-eraser-session-info',
  caller: 'guid',
  summary:
    "The eraser session: this month's use against the plan's limits, the erasers priced in the session's " +
    'currency, the account and the pay methods (EXPIRED once the session lapsed)',
  request: z.object({ guid: SessionGuid, isTest: z.boolean().default(false) }),
  response: z.object({ sessionInfo: EraserSessionInfoSchema }),
  handler: 'usage-eraser/get-payment-usage-eraser-session-info',
  grants: ['table:read'],
});

export const insertPaymentProgressUsageEraserInfo = defineRoute({
  name: 'insertPaymentProgressUsageEraserInfo',
  service: 'payment',
  method: 'POST',
  path: '/insert-payment-progress-usage-eraser-info',
  caller: 'guid',
  summary:
    'Create the eraser order at the price the server computes for the eraser chosen (a different browser ' +
    'price is INVALID_PRICE), by a method the session offers',
  request: z.object({
    guid: SessionGuid,
    price: z.number(),
    planName: z.string().min(1).max(64),
    /** The specification's field; an eraser is a one-off payment, so it is never used. */
    customerUid: z.string().max(80).optional(),
    payMethod: z.enum(PAY_METHODS),
    pg: z.string().min(1).max(64),
    currency: CurrencySchema,
    isTest: z.boolean().default(false),
    userName: z.string().trim().min(1).max(64),
    userEmail: z.string().trim().min(3).max(254),
    userPhone: PhoneNumberSchema,
  }),
  response: z.object({ merchantUid: z.string(), amount: z.number() }),
  handler: 'usage-eraser/insert-payment-progress-usage-eraser-info',
  // The order's re-checks at the provider are scheduled when it is made.
  grants: ['table:read', 'table:write', 'scheduler'],
});

export const usageEraserRoutes = [
  createInitUsageEraser,
  getPaymentUsageEraserSessionInfo,
  insertPaymentProgressUsageEraserInfo,
] as const;
