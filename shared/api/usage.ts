import * as z from 'zod';
import { CLIENT_TYPES } from '../identity/client-types.ts';
import { PLAN_TYPES } from '../plans/plan-types.ts';
import { INVALID_DATE_FORMAT } from '../time/kst.ts';
import { bulkUsageGrantRule } from '../usage/usage-grant-rules.ts';
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
  handler: 'usage/record-usage',
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
  handler: 'usage/user-usage',
  grants: ['table:read'],
});

/**
 * The console's per-user usage screens (admin-console.md sections 2, 3, 5 and 7): the usage list over a
 * range of KST days (the console sends the range's instants, the end day already extended) and the
 * single usage grant.
 */
const Uid = z.string().trim().min(1).max(64);

/** 'ALL' or one usage type (section 5: usageType is required). */
export const USAGE_LIST_TYPES = ['ALL', ...USAGE_TYPES] as const;
export type UsageListType = (typeof USAGE_LIST_TYPES)[number];

/** A list covers at most this many days: the entries of one account over about a year. */
export const USAGE_LIST_MAX_DAYS = 400;

export const UsageEntryRowSchema = z.object({
  id: z.string(),
  type: z.enum(USAGE_TYPES),
  /** Epoch ms; shown as the KST date and time. */
  date: z.number(),
  count: z.number(),
  success: z.boolean(),
  failure: z.string().optional(),
  /** app (a recording), grant (an operator's) or eraser (a bought eraser pack). */
  source: z.string(),
  paid: z.boolean(),
  speaker: z.string().optional(),
  free: z.boolean().optional(),
  engine: z.string().optional(),
  clientType: z.enum(CLIENT_TYPES).optional(),
  operatorEmail: z.string().optional(),
  desc: z.string().optional(),
});
export type UsageEntryRow = z.infer<typeof UsageEntryRowSchema>;

export const adminUsageList = defineRoute({
  name: 'adminUsageList',
  service: 'auth',
  method: 'POST',
  path: '/admin-usage-list',
  caller: 'admin',
  role: 'viewer',
  summary:
    "An account's usage entries over [from, to) (epoch ms, at most 400 days), newest first, of one type " +
    'or ALL: recordings (failed ones included), grants and erasers',
  request: z
    .object({
      uid: Uid,
      from: z.number().int().nonnegative(),
      to: z.number().int().positive(),
      usageType: z.enum(USAGE_LIST_TYPES),
    })
    .refine((range) => range.to > range.from && range.to - range.from <= USAGE_LIST_MAX_DAYS * 86_400_000, {
      message: INVALID_DATE_FORMAT,
      path: ['to'],
    }),
  response: z.object({ results: z.array(UsageEntryRowSchema) }),
  handler: 'usage/admin-usage-list',
  grants: ['table:read'],
});

export const adminUsageCreate = defineRoute({
  name: 'adminUsageCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-usage-create',
  caller: 'admin',
  role: 'support',
  summary:
    "Move an account's current monthly counters (a negative amount gives quota back; a positive one needs " +
    'allowPlus). Idempotent by grantId (one per form submission); recorded in the account’s activities',
  request: z.object({
    uid: Uid,
    grantId: z.string().trim().min(8).max(64),
    /** The amounts are checked by the grant's own rule (shared/usage/usage-grant-rules.ts). */
    allowPlus: z.boolean().default(false),
    sttMin: z.unknown(),
    tts: z.unknown(),
    translate: z.unknown(),
    genimage: z.unknown(),
    desc: z.unknown(),
  }),
  response: z.object({ result: z.object({ granted: z.boolean() }) }),
  handler: 'usage/admin-usage-create',
  grants: ['table:read', 'table:write'],
});

/**
 * The console's bulk usage grant (admin-console.md sections 2, 5, 7 and 9): the single grant's amounts
 * and desc for a list of uids or e-mails, a job queued in batches of 300 that the console follows with
 * admin-job/{jobId}.
 */
export const adminBulkUsageCreate = defineRoute({
  name: 'adminBulkUsageCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-bulk-usage-create',
  caller: 'admin',
  role: 'support',
  summary:
    'Record a bulk usage-grant job over uids or e-mails and queue them in batches of 300; each account ' +
    'gets the grant once (keyed by job and item), an unknown account is listed with its reason',
  request: bulkUsageGrantRule,
  response: z.object({ jobId: z.string(), total: z.number() }),
  handler: 'usage/admin-bulk-usage-create',
  grants: ['table:read', 'table:write', 'queue:bulk'],
});

export const usageRoutes = [
  recordUsage,
  userUsage,
  adminUsageList,
  adminUsageCreate,
  adminBulkUsageCreate,
] as const;
