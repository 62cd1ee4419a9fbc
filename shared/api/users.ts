import * as z from 'zod';
import { EMAIL_MAX } from '../identity/account-rules.ts';
import { REFERRAL_TYPES } from '../identity/referral.ts';
import { adminDescRule, adminUserCreateInfoRule, BULK_USER_CREATE_MAX } from '../users/admin-user-rules.ts';
import { defineRoute } from './define-route.ts';
import { SIGN_IN_PROVIDERS, UtmParamsSchema } from './identity.ts';
import { ListPageAnswerShape, ListPageRequestShape } from './list-page.ts';
import { KakaoNoticeRowSchema } from './notices.ts';
import { AdminUserMoneyShape } from './payments.ts';
import { AdminRenewalConsentSchema } from './renewal-consent.ts';

/**
 * The console's users screens, identity part (admin-console.md sections 2, 3 and 7): search, detail,
 * preregistration coupon, creation one by one and in bulk. The money sections of the detail (usage
 * counters, plans, payments, contact info) are added to AdminUserInfoSchema by the money work, each as
 * its own key beside these.
 */
const Uid = z.string().trim().min(1).max(64);
const Search = z.string().trim().max(EMAIL_MAX);

/** A row of the user list. */
export const AdminUserListItemSchema = z.object({
  uid: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  deleted: z.boolean(),
  /** When the customer deleted the account (회원 탈퇴): the list shows it beside the struck-through name. */
  deletedAt: z.number().optional(),
  created: z.number(),
  lastAccessed: z.number().optional(),
  lastUse: z.number().optional(),
});
export type AdminUserListItem = z.infer<typeof AdminUserListItemSchema>;

export const UserListFilterSchema = z.object({
  uid: Search.optional(),
  name: Search.optional(),
  email: Search.optional(),
  /**
   * Name and e-mail match as prefixes (of their normalised forms). Without it they match in full,
   * and as prefixes only when nothing matches in full (the answer's `partial` says so).
   */
  partial: z.boolean().default(false),
  referralType: z.union([z.literal(''), z.enum(REFERRAL_TYPES)]).optional(),
});
export type UserListFilter = z.input<typeof UserListFilterSchema>;

export const adminUserList = defineRoute({
  name: 'adminUserList',
  service: 'auth',
  method: 'POST',
  path: '/admin-user-list',
  caller: 'admin',
  role: 'viewer',
  summary:
    'Accounts matching every given filter: exact uid, e-mail or name (or, when none matches in full or ' +
    '`partial` is set, name and e-mail prefixes), and referral type; one index query (never a scan) read ' +
    'a page at a time (`cursor`). No filter answers no rows.',
  request: UserListFilterSchema.extend(ListPageRequestShape),
  response: z.object({
    users: z.array(AdminUserListItemSchema),
    /** Name and e-mail were matched as prefixes. */
    partial: z.boolean(),
    ...ListPageAnswerShape,
  }),
  handler: 'users/admin-user-list',
  grants: ['table:read'],
});

/** The identity fields of the user detail (section 2, "User detail"). */
export const AdminUserDetailSchema = AdminUserListItemSchema.extend({
  providers: z.array(z.enum(SIGN_IN_PROVIDERS)),
  assistEmail: z.string().optional(),
  referralType: z.string().optional(),
  referralCode: z.string().optional(),
  utmParams: UtmParamsSchema.optional(),
  country: z.string().optional(),
  region: z.string().optional(),
  city: z.string().optional(),
  timezone: z.string().optional(),
  uiLanguage: z.string(),
  clientType: z.string(),
  isMinor: z.boolean(),
  adminLevel: z.number().optional(),
});
export type AdminUserDetail = z.infer<typeof AdminUserDetailSchema>;

export const PreregistrationSchema = z.object({
  discountPercent: z.number(),
  created: z.number(),
  used: z.number().optional(),
});

export const UserActivitySchema = z.object({
  activityId: z.string(),
  created: z.number(),
  action: z.string(),
  desc: z.string(),
  operatorUid: z.string(),
  operatorEmail: z.string(),
});
export type UserActivityRow = z.infer<typeof UserActivitySchema>;

/**
 * The answer of admin-user-info: one key per section of the detail screen (the money keys: plans,
 * payments, paymentContactInfo, validPlan, checkedAt). Later sections (usage) extend this object with
 * their own keys.
 */
export const AdminUserInfoSchema = z.object({
  user: AdminUserDetailSchema,
  preregistration: PreregistrationSchema.nullable(),
  userActivities: z.array(UserActivitySchema),
  ...AdminUserMoneyShape,
  /** The consents renewals that cost more asked for (issue 26), newest renewal first. */
  renewalConsents: z.array(AdminRenewalConsentSchema),
  /** The notices sent by KakaoTalk 알림톡 (issue 38), newest first, with how each was delivered. */
  kakaoNotices: z.array(KakaoNoticeRowSchema),
});
export type AdminUserInfo = z.infer<typeof AdminUserInfoSchema>;

export const adminUserInfo = defineRoute({
  name: 'adminUserInfo',
  service: 'auth',
  method: 'POST',
  path: '/admin-user-info',
  caller: 'admin',
  role: 'viewer',
  summary:
    "An account's detail: identity, preregistration coupon, the operators' activities, plans (newest " +
    'first), payments (newest first), payment contact and the valid plan',
  request: z.object({ uid: Uid }),
  response: AdminUserInfoSchema,
  handler: 'users/admin-user-info',
  grants: ['table:read'],
});

export const PREREGISTRATION_DISCOUNT = { min: 1, max: 99, default: 30 } as const;

export const adminUserPreregistration = defineRoute({
  name: 'adminUserPreregistration',
  service: 'auth',
  method: 'POST',
  path: '/admin-user-preregistration',
  caller: 'admin',
  role: 'support',
  summary:
    'A step of the preregistration coupon: create (with a discount of 1 to 99 percent), use, reset ' +
    '(back to unused); a step the coupon state does not allow is a conflict',
  request: z.discriminatedUnion('operation', [
    z.object({
      uid: Uid,
      operation: z.literal('create'),
      desc: adminDescRule,
      discountPercent: z.number().int().min(PREREGISTRATION_DISCOUNT.min).max(PREREGISTRATION_DISCOUNT.max),
    }),
    z.object({ uid: Uid, operation: z.enum(['use', 'reset']), desc: adminDescRule }),
  ]),
  response: z.object({ preregistration: PreregistrationSchema }),
  handler: 'users/admin-user-preregistration',
  grants: ['table:read', 'table:write'],
});

export const adminUserCreate = defineRoute({
  name: 'adminUserCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-user-create',
  caller: 'admin',
  role: 'support',
  summary:
    'Create an account for a customer (verified: the operator vouches for the address; no mail is sent). ' +
    'An address in use is a conflict',
  request: z.object({ info: adminUserCreateInfoRule }),
  response: z.object({ result: z.object({ uid: z.string() }) }),
  handler: 'users/admin-user-create',
  grants: ['table:read', 'table:write'],
  memoryMb: 1769,
});

/**
 * A row of a bulk upload, as text: each row is checked by the user-create rule when it is processed,
 * so one bad row fails alone, with its reason, instead of refusing the upload.
 */
export const BulkUserRowSchema = z.object({
  email: z.string().max(EMAIL_MAX),
  name: z.string().max(256),
  password: z.string().max(256),
  language: z.string().max(16),
  referralType: z.string().max(32).default(''),
  referralCode: z.string().max(128).default(''),
});
export type BulkUserRow = z.input<typeof BulkUserRowSchema>;

export const adminBulkUserCreate = defineRoute({
  name: 'adminBulkUserCreate',
  service: 'auth',
  method: 'POST',
  path: '/admin-bulk-user-create',
  caller: 'admin',
  role: 'admin',
  summary:
    'Record a bulk user-create job and queue its rows in messages of 10; the console follows it with ' +
    'admin-job/{jobId} (progress, then the failures with their reasons)',
  request: z.object({
    infos: z.object({
      userCreateInfos: z.array(BulkUserRowSchema).min(1).max(BULK_USER_CREATE_MAX),
      assistEmail: z.string().trim().min(1).max(EMAIL_MAX),
    }),
    desc: adminDescRule,
  }),
  response: z.object({ jobId: z.string(), total: z.number() }),
  handler: 'users/admin-bulk-user-create',
  grants: ['table:read', 'table:write', 'queue:bulk'],
});

export const userRoutes = [
  adminUserList,
  adminUserInfo,
  adminUserPreregistration,
  adminUserCreate,
  adminBulkUserCreate,
] as const;
