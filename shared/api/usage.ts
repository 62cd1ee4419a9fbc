import * as z from 'zod';
import { CLIENT_TYPES } from '../identity/client-types.ts';
import { PLAN_TYPES } from '../plans/plan-types.ts';
import { USAGE_TYPES } from '../usage/usage-rules.ts';
import { defineRoute } from './define-route.ts';

/**
 * Usage metering for the editing app (issue 6; the specifications name no path): the app records each
 * use of a metered or counted feature, and reads where the account stands this month. Both live on the
 * auth service beside the console's usage calls (admin-usage-list, admin-usage-create).
 */
const UsageLineSchema = z.object({
  usageType: z.enum(USAGE_TYPES),
  used: z.number(),
  /** The month's limit; null for a counted feature, which has none. */
  limit: z.number().nullable(),
});

const StandingSchema = z.object({
  planName: z.string().nullable(),
  planType: z.enum(PLAN_TYPES),
  /** When the month being counted began (epoch ms): the paid reset date, or the FREE month's first day. */
  resetAt: z.number(),
  usages: z.array(UsageLineSchema),
});

export const recordUsage = defineRoute({
  name: 'recordUsage',
  service: 'auth',
  method: 'POST',
  path: '/record-usage',
  caller: 'user',
  summary:
    'Record one use of a feature by the signed-in account (idempotent by entryId): counted when within the ' +
    "month's limit, else refused (success false, with the reason) and kept as a failed entry",
  request: z.object({
    entryId: z.string().trim().min(8).max(64),
    usageType: z.enum(USAGE_TYPES),
    count: z.number().int().positive().max(100_000_000),
    /** False when the app's own request failed: kept for the console, never charged. */
    success: z.boolean().default(true),
    speaker: z.string().max(128).optional(),
    engine: z.string().max(64).optional(),
    clientType: z.enum(CLIENT_TYPES).optional(),
  }),
  response: z.object({
    result: z.object({
      success: z.boolean(),
      failure: z.enum(['over_limit', 'not_in_plan', 'reported']).nullable(),
      standing: StandingSchema,
    }),
  }),
  handler: 'auth/record-usage',
  grants: ['table:read', 'table:write'],
});

export const userUsage = defineRoute({
  name: 'userUsage',
  service: 'auth',
  method: 'GET',
  path: '/user-usage',
  caller: 'user',
  summary:
    "The signed-in account's usage this month: used versus limit per feature, and when the month began",
  request: z.object({}),
  response: z.object({ result: StandingSchema }),
  handler: 'auth/user-usage',
  grants: ['table:read'],
});

export const usageRoutes = [recordUsage, userUsage] as const;
