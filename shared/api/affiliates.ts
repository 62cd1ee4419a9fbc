import * as z from 'zod';
import {
  AFFILIATE_COUNTRIES,
  AFFILIATE_COUPON_TYPES,
  AFFILIATE_REWARD_CURRENCIES,
  affiliateRule,
} from '../affiliates/affiliate.ts';
import { defineRoute } from './define-route.ts';
import { ListPageAnswerShape, ListPageRequestShape } from './list-page.ts';

/**
 * The console's affiliates and settlements (admin-console.md sections 2, 3 and 7). The specification
 * does not show payloads; these are ours: an affiliate is named by its coupon code, dates travel as
 * epoch milliseconds, and a settlement search takes KST days `yyyy-MM-dd` (the end extended by a day).
 */
export const AffiliateSchema = z.object({
  name: z.string(),
  countryCode: z.enum(AFFILIATE_COUNTRIES),
  couponCode: z.string(),
  couponType: z.enum(AFFILIATE_COUPON_TYPES),
  startedAt: z.number(),
  expiredAt: z.number(),
  signUpRewardCurrency: z.enum(AFFILIATE_REWARD_CURRENCIES).optional(),
  signUpRewardAmount: z.number(),
  paymentSharePercentage: z.number(),
  hasSignUpReward: z.boolean(),
  hasPaymentShare: z.boolean(),
  created: z.number(),
  updated: z.number(),
});
export type AffiliateView = z.infer<typeof AffiliateSchema>;

export const SignUpSettlementSchema = z.object({
  isTarget: z.boolean(),
  affiliateName: z.string(),
  couponCode: z.string(),
  uid: z.string(),
  emailVerified: z.boolean(),
  created: z.number(),
  rewardAmount: z.number(),
  rewardCurrency: z.string().optional(),
});

export const PaymentSettlementSchema = z.object({
  isTarget: z.boolean(),
  affiliateName: z.string(),
  couponCode: z.string(),
  uid: z.string(),
  impUid: z.string(),
  planName: z.string(),
  currency: z.string(),
  price: z.number(),
  paidAt: z.number(),
  payNumber: z.number(),
  paymentShareAmount: z.number(),
});

const SettlementRange = z.object({ from: z.string().trim().max(10), to: z.string().trim().max(10) });
const CouponCode = z.object({ couponCode: z.string().trim().min(1).max(32) });

export const adminUpsertAffiliate = defineRoute({
  name: 'adminUpsertAffiliate',
  service: 'auth',
  method: 'POST',
  path: '/admin-upsert-affiliate',
  caller: 'admin',
  role: 'admin',
  summary: 'Create or edit the affiliate of a coupon code (its reward and payment-share terms)',
  request: affiliateRule,
  response: z.object({ result: AffiliateSchema }),
  handler: 'affiliates/admin-upsert-affiliate',
  grants: ['table:read', 'table:write'],
});

export const adminAffiliateInfo = defineRoute({
  name: 'adminAffiliateInfo',
  service: 'auth',
  method: 'POST',
  path: '/admin-affiliate-info',
  caller: 'admin',
  role: 'viewer',
  summary: 'One affiliate by its coupon code',
  request: CouponCode,
  response: z.object({ result: AffiliateSchema }),
  handler: 'affiliates/admin-affiliate-info',
  grants: ['table:read'],
});

export const adminAffiliateList = defineRoute({
  name: 'adminAffiliateList',
  service: 'auth',
  method: 'POST',
  path: '/admin-affiliate-list',
  caller: 'admin',
  role: 'viewer',
  summary: 'The affiliates by coupon code, a page at a time (`cursor`)',
  request: z.object(ListPageRequestShape),
  response: z.object({ result: z.array(AffiliateSchema), ...ListPageAnswerShape }),
  handler: 'affiliates/admin-affiliate-list',
  grants: ['table:read'],
});

export const adminAffiliateSignUpSettlements = defineRoute({
  name: 'adminAffiliateSignUpSettlements',
  service: 'auth',
  method: 'POST',
  path: '/admin-affiliate-sign-up-settlements',
  caller: 'admin',
  role: 'viewer',
  summary: "Sign-ups through affiliates' codes in a KST day range, each with whether its reward is due",
  request: SettlementRange,
  response: z.object({ result: z.array(SignUpSettlementSchema) }),
  handler: 'affiliates/admin-affiliate-sign-up-settlements',
  grants: ['table:read'],
});

export const adminAffiliatePaymentSettlements = defineRoute({
  name: 'adminAffiliatePaymentSettlements',
  service: 'auth',
  method: 'POST',
  path: '/admin-affiliate-payment-settlements',
  caller: 'admin',
  role: 'viewer',
  summary:
    'The first three payments (payNumber) in a KST day range of accounts that affiliates brought from 3 ' +
    'months before its start, each with its payment share',
  request: SettlementRange,
  response: z.object({ result: z.array(PaymentSettlementSchema) }),
  handler: 'affiliates/admin-affiliate-payment-settlements',
  grants: ['table:read'],
});

export const affiliateRoutes = [
  adminUpsertAffiliate,
  adminAffiliateInfo,
  adminAffiliateList,
  adminAffiliateSignUpSettlements,
  adminAffiliatePaymentSettlements,
] as const;
