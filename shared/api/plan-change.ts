import * as z from 'zod';
import { CURRENCIES } from '../currency.ts';
import { PLAN_PERIODS, PLAN_TYPES, SUBSCRIPTION_PERIODS } from '../plans/plan-types.ts';
import { PLAN_CHANGE_REFUSALS } from '../subscriptions/plan-change.ts';
import { defineRoute } from './define-route.ts';

/**
 * A change of plan at the next renewal (issue 33; shared/subscriptions/plan-change.ts): the billing
 * page's section, where the subscriber sees what each plan would charge at the renewal and when,
 * schedules one, replaces or cancels it, and the console's user detail, where finance does the same for
 * a customer. The specifications name no path. A refusal is PLAN_CHANGE_NOT_ALLOWED (L34) with the
 * body's `reason`, one of PLAN_CHANGE_REFUSALS; an account without a live plan USER_NOT_SUBSCRIBED.
 */

/** A plan the subscription may (or may not: `refusal`) change to, as its renewal would charge it. */
export const PlanChangeOptionSchema = z.object({
  planName: z.string(),
  planType: z.enum(PLAN_TYPES),
  period: z.enum(SUBSCRIPTION_PERIODS),
  /** The price table's price in the subscription's currency, and the partner's rate the account has. */
  listPrice: z.number().optional(),
  partnerPercent: z.number(),
  /** What the renewal would charge for it (a coupon's discount was for the first period only). */
  amount: z.number().optional(),
  /** More than the last charge: the renewal then needs the customer's consent to the amount. */
  raises: z.boolean(),
  refusal: z.enum(PLAN_CHANGE_REFUSALS).optional(),
});
export type PlanChangeOption = z.infer<typeof PlanChangeOptionSchema>;

export const ScheduledPlanChangeSchema = z.object({
  planName: z.string(),
  planType: z.enum(PLAN_TYPES),
  period: z.enum(SUBSCRIPTION_PERIODS),
  amount: z.number(),
  raises: z.boolean(),
  scheduledAt: z.number(),
  /** The account holder, or the operator (finance) who scheduled it for them. */
  scheduledBy: z.enum(['customer', 'operator']),
  /** Whether it may still be replaced or cancelled (until the renewal is due). */
  open: z.boolean(),
});
export type ScheduledPlanChangeView = z.infer<typeof ScheduledPlanChangeSchema>;

export const PlanChangeViewSchema = z.object({
  planName: z.string(),
  planType: z.enum(PLAN_TYPES),
  period: z.enum(PLAN_PERIODS),
  currency: z.enum(CURRENCIES),
  /** What the current period cost, and when the next renewal is due. */
  lastCharge: z.number(),
  renewsAt: z.number(),
  /** The coupon the plan was bought with: it discounted the first period only, nothing at a renewal. */
  couponCode: z.string().optional(),
  /** Why the subscription may schedule no change now, if it may not. */
  refusal: z.enum(PLAN_CHANGE_REFUSALS).optional(),
  scheduled: ScheduledPlanChangeSchema.nullable(),
  options: z.array(PlanChangeOptionSchema),
});
export type PlanChangeView = z.infer<typeof PlanChangeViewSchema>;

const Answer = z.object({ result: PlanChangeViewSchema.nullable() });
const ChangeAnswer = z.object({
  result: PlanChangeViewSchema,
  /** False when the change asked for was already so (a repeated request): nothing written, no mail. */
  changed: z.boolean(),
});
const PlanName = z.string().min(1).max(64);
const Uid = z.string().min(1).max(128);
/** Writes the plan, asks the renewal's consent at once when the change raises the amount (a link token). */
const scheduleGrants = ['table:read', 'table:write', 'scheduler', 'mail:send', 'token:sign'] as const;
const cancelGrants = ['table:read', 'table:write', 'mail:send'] as const;

export const userPlanChange = defineRoute({
  name: 'userPlanChange',
  service: 'payment',
  method: 'GET',
  path: '/user-plan-change',
  caller: 'user',
  summary:
    "The signed-in account's change of plan at its next renewal: the change scheduled, and each plan it " +
    'may change to with what the renewal would charge (result null without a live plan)',
  request: z.object({}),
  response: Answer,
  handler: 'plan-change/user-plan-change',
  grants: ['table:read'],
});

export const schedulePlanChange = defineRoute({
  name: 'schedulePlanChange',
  service: 'payment',
  method: 'POST',
  path: '/schedule-plan-change',
  caller: 'user',
  summary:
    "Schedules (or replaces) the change of the signed-in account's subscription to `planName` at its next " +
    'renewal: a lower plan of its family or the same plan over another period. Confirmed by mail; a higher ' +
    'amount asks for consent. Refused: PLAN_CHANGE_NOT_ALLOWED with its reason',
  request: z.object({ planName: PlanName }),
  response: ChangeAnswer,
  handler: 'plan-change/schedule-plan-change',
  grants: scheduleGrants,
});

export const cancelPlanChange = defineRoute({
  name: 'cancelPlanChange',
  service: 'payment',
  method: 'POST',
  path: '/cancel-plan-change',
  caller: 'user',
  summary:
    "Cancels the change of plan scheduled for the signed-in account's next renewal, until the renewal is " +
    'due: it renews as before. Idempotent; confirmed by mail',
  request: z.object({}),
  response: ChangeAnswer,
  handler: 'plan-change/cancel-plan-change',
  grants: cancelGrants,
});

export const adminPlanChange = defineRoute({
  name: 'adminPlanChange',
  service: 'payment',
  method: 'POST',
  path: '/admin-plan-change',
  caller: 'admin',
  role: 'viewer',
  summary:
    "An account's change of plan at its next renewal, and the plans it may change to (the user detail)",
  request: z.object({ uid: Uid }),
  response: Answer,
  handler: 'plan-change/admin-plan-change',
  grants: ['table:read'],
});

export const adminSchedulePlanChange = defineRoute({
  name: 'adminSchedulePlanChange',
  service: 'payment',
  method: 'POST',
  path: '/admin-schedule-plan-change',
  caller: 'admin',
  role: 'finance',
  summary:
    "Schedules (or replaces) the change of an account's subscription to `planName` at its next renewal, " +
    'for the customer (the same rules as theirs; the customer is told by mail). A refusal is a conflict',
  request: z.object({ uid: Uid, planName: PlanName }),
  response: ChangeAnswer,
  handler: 'plan-change/admin-schedule-plan-change',
  grants: scheduleGrants,
});

export const adminCancelPlanChange = defineRoute({
  name: 'adminCancelPlanChange',
  service: 'payment',
  method: 'POST',
  path: '/admin-cancel-plan-change',
  caller: 'admin',
  role: 'finance',
  summary:
    "Cancels the change of plan scheduled for an account's next renewal, for the customer, until the " +
    'renewal is due (the customer is told by mail)',
  request: z.object({ uid: Uid }),
  response: ChangeAnswer,
  handler: 'plan-change/admin-cancel-plan-change',
  grants: cancelGrants,
});

export const planChangeRoutes = [
  userPlanChange,
  schedulePlanChange,
  cancelPlanChange,
  adminPlanChange,
  adminSchedulePlanChange,
  adminCancelPlanChange,
] as const;
