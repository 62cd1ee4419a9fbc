import * as z from 'zod';
import { BonusQuotaSchema } from '../orders/session-info.ts';
import { defineRoute } from './define-route.ts';
import { ListPageAnswerShape, ListPageRequestShape } from './list-page.ts';

/**
 * The console's coupon (promo code) calls (admin-console.md section 7), all POST. The specification
 * does not show their payloads; these are ours: a coupon is named by its code; dates travel as ISO 8601
 * (the console enters and shows them in KST) and list and get answers hold `data`. A discount info
 * is created from a rate: the server computes the plan's three discounted prices from its list prices.
 * A bonus quota's STT is in seconds (the console shows minutes); without a quota the server calculates
 * the plan type's share (Light 50%, Standard 20%).
 */
const CouponCode = z.string().trim().min(1).max(32);
const PlanName = z.string().trim().min(1).max(64);
const IsoTime = z.iso.datetime({ offset: true });

export const AdminCouponSchema = z.object({
  couponCode: z.string(),
  name: z.string(),
  totalAmount: z.number(),
  remainAmount: z.number(),
  startedAt: z.string(),
  expiredAt: z.string(),
  description: z.string(),
  created: z.string(),
});
export type AdminCoupon = z.infer<typeof AdminCouponSchema>;

export const AdminCouponDiscountSchema = z.object({
  couponCode: z.string(),
  planName: z.string(),
  rate: z.number(),
  priceKo: z.number(),
  priceJa: z.number(),
  priceEn: z.number(),
});

export const AdminCouponBonusQuotaSchema = z.object({
  couponCode: z.string(),
  planName: z.string(),
  quota: BonusQuotaSchema,
});

export const AdminCouponUsageSchema = z.object({
  uid: z.string(),
  userName: z.string(),
  userEmail: z.string(),
  merchantUid: z.string(),
  customerUid: z.string().optional(),
  planName: z.string(),
  payMethod: z.string(),
  price: z.number(),
  currency: z.string(),
  status: z.string(),
  paidAt: z.string(),
  created: z.string(),
});

const CouponFields = {
  couponCode: CouponCode,
  name: z.string().trim().min(1).max(128),
  totalAmount: z.number().int(),
  startedAt: IsoTime,
  expiredAt: IsoTime,
  description: z.string().max(1000).default(''),
};
const Done = z.object({ result: z.literal('success') });
const grantsRead = ['table:read'] as const;
const grantsWrite = ['table:read', 'table:write'] as const;

function adminCouponRoute<Req extends z.ZodType, Res extends z.ZodType>(
  name: string,
  summary: string,
  request: Req,
  response: Res,
  write: boolean,
) {
  const path = name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
  return defineRoute({
    name,
    service: 'payment',
    method: 'POST',
    path: `/${path}`,
    caller: 'admin',
    // Coupons are the admin's (issue 27); their reads are every staff role's.
    role: write ? 'admin' : 'viewer',
    summary,
    request,
    response,
    handler: `coupons/${path}`,
    grants: write ? grantsWrite : grantsRead,
  });
}

export const adminGetCouponList = adminCouponRoute(
  'adminGetCouponList',
  'The coupons, newest first, a page at a time (`cursor`); `search` keeps those whose code starts with it ' +
    'or whose name holds it, in any letter case',
  z.object({ search: z.string().trim().max(128).optional(), ...ListPageRequestShape }),
  z.object({ data: z.array(AdminCouponSchema), ...ListPageAnswerShape }),
  false,
);
export const adminGetCoupon = adminCouponRoute(
  'adminGetCoupon',
  'One coupon by its code',
  z.object({ couponCode: CouponCode }),
  z.object({ data: AdminCouponSchema }),
  false,
);
export const adminCreateCoupon = adminCouponRoute(
  'adminCreateCoupon',
  'Create a coupon: a 10-character code of capitals and digits, total over 0, start in the future and before expiry',
  z.object(CouponFields),
  z.object({ data: AdminCouponSchema }),
  true,
);
export const adminUpdateCoupon = adminCouponRoute(
  'adminUpdateCoupon',
  "Edit a coupon: total at least 0 and never below those taken, start not after expiry, a started coupon's start kept",
  z.object(CouponFields),
  z.object({ data: AdminCouponSchema }),
  true,
);
export const adminGetCouponDiscountInfos = adminCouponRoute(
  'adminGetCouponDiscountInfos',
  "A coupon's discounted prices per plan",
  z.object({ couponCode: CouponCode }),
  z.object({ data: z.array(AdminCouponDiscountSchema) }),
  false,
);
const DiscountInput = z.object({
  couponCode: CouponCode,
  planName: PlanName,
  rate: z.number().gt(0).max(100),
});
export const adminCreateCouponDiscountInfo = adminCouponRoute(
  'adminCreateCouponDiscountInfo',
  'Add a discount for a LIGHT or STANDARD monthly, annual or one-year plan (before the coupon starts)',
  DiscountInput,
  z.object({ data: AdminCouponDiscountSchema }),
  true,
);
export const adminUpdateCouponDiscountInfo = adminCouponRoute(
  'adminUpdateCouponDiscountInfo',
  "Change a discount's rate (its prices are recomputed)",
  DiscountInput,
  z.object({ data: AdminCouponDiscountSchema }),
  true,
);
export const adminDeleteCouponDiscountInfo = adminCouponRoute(
  'adminDeleteCouponDiscountInfo',
  'Remove a discount',
  z.object({ couponCode: CouponCode, planName: PlanName }),
  Done,
  true,
);
export const adminGetCouponBonusQuotas = adminCouponRoute(
  'adminGetCouponBonusQuotas',
  "A coupon's bonus quotas per plan",
  z.object({ couponCode: CouponCode }),
  z.object({ data: z.array(AdminCouponBonusQuotaSchema) }),
  false,
);
export const adminUpsertCouponBonusQuota = adminCouponRoute(
  'adminUpsertCouponBonusQuota',
  "Set a plan's bonus quota (STT, TTS, TRANSLATE, GENIMAGE), or without one the calculated share of the plan usage",
  z.object({
    couponCode: CouponCode,
    planName: PlanName,
    quota: z.record(z.string(), z.number().int().nonnegative()).optional(),
  }),
  z.object({ data: AdminCouponBonusQuotaSchema }),
  true,
);
export const adminDeleteCouponBonusQuota = adminCouponRoute(
  'adminDeleteCouponBonusQuota',
  'Remove a bonus quota',
  z.object({ couponCode: CouponCode, planName: PlanName }),
  Done,
  true,
);
export const adminGetCouponUsageInfos = adminCouponRoute(
  'adminGetCouponUsageInfos',
  'Who used a coupon, for which paid order: in uid order, a page at a time (`cursor`)',
  z.object({ couponCode: CouponCode, ...ListPageRequestShape }),
  z.object({ data: z.array(AdminCouponUsageSchema), ...ListPageAnswerShape }),
  false,
);

export const couponRoutes = [
  adminGetCouponList,
  adminGetCoupon,
  adminCreateCoupon,
  adminUpdateCoupon,
  adminGetCouponDiscountInfos,
  adminCreateCouponDiscountInfo,
  adminUpdateCouponDiscountInfo,
  adminDeleteCouponDiscountInfo,
  adminGetCouponBonusQuotas,
  adminUpsertCouponBonusQuota,
  adminDeleteCouponBonusQuota,
  adminGetCouponUsageInfos,
] as const;
