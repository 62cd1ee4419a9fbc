import * as z from 'zod';
import { CLIENT_TYPES } from '../identity/client-types.ts';
import { INVALID_DATE_FORMAT } from '../time/kst.ts';
import { USAGE_TYPES } from '../usage/usage-rules.ts';
import { defineRoute } from './define-route.ts';

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
  handler: 'auth/admin-usage-list',
  grants: ['table:read'],
});

export const adminUsageCreate = defineRoute({
  name: 'adminUsageCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-usage-create',
  caller: 'admin',
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
  handler: 'auth/admin-usage-create',
  grants: ['table:read', 'table:write'],
});

export const adminUsageRoutes = [adminUsageList, adminUsageCreate] as const;
