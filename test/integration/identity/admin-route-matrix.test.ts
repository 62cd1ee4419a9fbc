import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SEEDED_ACCOUNTS } from '../../../scripts/local/seed.ts';
import { ROUTES } from '../../../shared/api/routes.ts';
import { adminToken, call, customerToken, expiredToken, uniqueId } from '../helpers.ts';
import { signInAs } from './accounts.ts';

/**
 * Every admin route of the route table, called by every kind of caller: without a token, with a
 * malformed one, an expired one, a customer's (signed in for real, and minted) and an operator's
 * (signed in for real, and minted). Only operators get past the token check; the refusals are
 * invalid_token and invalid_level with 401 (admin-console.md section 8). What an operator gets is the
 * route's answer or a refusal the catalogue names, never internal.
 */
const adminRoutes = ROUTES.filter((route) => route.caller === 'admin');
/** Enough fields for any admin route's schema; the answer to the operator only must not be a refusal. */
const input = {
  id: 'some-id',
  name: 'n',
  value: 'v',
  email: 'someone@example.com',
  data: { language: 'en', email: 'someone@example.com' },
};

/** Valid inputs of the routes the generic fields above do not fit, so that operators get a real answer. */
const survey = {
  surveyType: 'matrix',
  actionType: 'upgrade',
  locates: [{ language: 'en', message: 'Go further', confirmMessage: 'Upgrade' }],
  timingTypes: ['app_start'],
  expireDate: Date.UTC(2030, 0, 1),
};
const routeInputs: Record<string, () => Record<string, unknown>> = {
  adminUserInfo: () => ({ uid: SEEDED_ACCOUNTS.customer.uid }),
  unsubscribePayment: () => ({ uid: SEEDED_ACCOUNTS.customer.uid, requestedBy: 'matrix@example.com' }),
  reschedulePayment: () => ({ uid: SEEDED_ACCOUNTS.customer.uid, requestedBy: 'matrix@example.com' }),
  adminRefundInfo: () => ({ uid: SEEDED_ACCOUNTS.customer.uid, requestedMs: Date.now() }),
  adminCancelPayment: () => ({
    uid: SEEDED_ACCOUNTS.customer.uid,
    price: 0,
    reason: 'matrix',
    refundSource: 'portone',
  }),
  adminAttentionResolve: () => ({ caseId: 'refund_required:none', action: 'dismiss', reason: 'matrix' }),
  adminFinanceSummary: () => ({ period: '2030-01' }),
  adminFinanceLedger: () => ({ period: '2030-01-31', limit: 10 }),
  adminRevenueReport: () => ({ from: '2025-01-01', to: '2025-01-31' }),
  adminUserPreregistration: () => ({ uid: SEEDED_ACCOUNTS.customer.uid, operation: 'use', desc: 'matrix' }),
  adminUserCreate: () => ({
    info: {
      name: 'Matrix User',
      email: `${uniqueId('matrix')}@example.com`,
      password: 'matrix-pass1',
      language: 'en',
    },
  }),
  adminBulkUserCreate: () => ({
    infos: {
      userCreateInfos: [
        {
          name: 'Matrix Bulk',
          email: `${uniqueId('matrix')}@example.com`,
          password: 'matrix-pass1',
          language: 'en',
        },
      ],
      assistEmail: 'matrix@example.com',
    },
    desc: 'matrix',
  }),
  adminJobStatus: () => ({ jobId: 'some-id' }),
  adminSmartSurveyCreate: () => survey,
  adminSmartSurveyUpdate: () => ({ sid: 'some-id', ...survey }),
  adminSmartSurveyTargets: () => ({ ids: ['matrix-uid'], idType: 'uid', surveyType: 'matrix' }),
  adminUpdateOnboardingSurvey: () => ({
    fileName: 'onboarding_es',
    file: { surveys: [{ id: 'q', question: '¿Qué haces?', type: 'text', placeholder: '' }] },
  }),
  adminFeedbackFilesInfo: () => ({ filenames: ['some-file.log'] }),
  copyCloudProjectForFeedback: () => ({ projectId: 'some-project', requestedBy: 'operator@example.com' }),
  ...couponInputs(),
  adminPaymentProgressList: () => ({ uid: SEEDED_ACCOUNTS.customer.uid }),
  adminPaymentProgressCreate: () => ({
    uid: SEEDED_ACCOUNTS.customer.uid,
    planName: 'Y1_LIGHT_V3',
    currency: 'KRW',
    desc: 'matrix',
  }),
  adminUserPaymentList: () => ({ uid: SEEDED_ACCOUNTS.customer.uid }),
  adminUsageList: () => ({ uid: SEEDED_ACCOUNTS.customer.uid, from: 0, to: 86_400_000, usageType: 'ALL' }),
  adminUsageCreate: () => ({
    uid: SEEDED_ACCOUNTS.customer.uid,
    grantId: randomUUID(),
    sttMin: -1,
    tts: 0,
    translate: 0,
    genimage: 0,
    desc: 'matrix',
  }),
  adminBulkUsageCreate: () => ({
    uidOrEmails: ['matrix-nobody'],
    sttMin: -1,
    tts: 0,
    translate: 0,
    genimage: 0,
    desc: 'matrix',
  }),
  updateUserContactInfo: () => ({
    uid: SEEDED_ACCOUNTS.customer.uid,
    phone: '+821012345678',
    desc: 'matrix',
  }),
  adminCustomPlanCreate: () => ({
    planInfo: {
      planName: `Y1_PLUS_${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`,
      period: 'ONE_YEAR',
      priceKo: 990000,
      priceJa: 99000,
      priceEn: 990,
      sttUsage: 432000,
      ttsUsage: 600000,
      translateUsage: 1800000,
      genimageUsage: 6000,
      cloudStorageUsage: 64424509440,
      userTTSSpeakerUsage: 6,
      description: 'matrix',
    },
    desc: 'matrix',
  }),
  ...depositInputs(),
};

/** Deposits and schedules for an account nobody has (refused as such), or far in the future; affiliates. */
function depositInputs(): Record<string, () => Record<string, unknown>> {
  const deposit = {
    planName: 'Y1_LIGHT_V3',
    price: 1000,
    currency: 'KRW',
    paymentType: 'event',
  };
  const payer = { uid: 'matrix-nobody', userName: 'Matrix', userEmail: 'm@example.com', userPhone: '+8210' };
  return {
    adminDirectDepositCreate: () => ({ ...payer, ...deposit, desc: 'matrix' }),
    adminBulkDirectDepositCreate: () => ({ uidOrEmails: ['matrix-nobody'], ...deposit, desc: 'matrix' }),
    adminScheduleCreate: () => ({
      startAt: Date.UTC(2030, 0, 1),
      description: 'matrix',
      params: { ...payer, ...deposit },
    }),
    adminScheduleUpdate: () => ({ adminScheduleId: 'matrix-none', enable: false }),
    adminScheduleInfo: () => ({ adminScheduleId: 'matrix-none' }),
    adminUpsertAffiliate: () => ({
      name: 'Matrix',
      countryCode: 'US',
      couponCode: 'MATRIXAFF',
      couponType: 'bonus_quota',
      startedAt: Date.UTC(2030, 0, 1),
      expiredAt: Date.UTC(2030, 1, 1),
    }),
    adminAffiliateInfo: () => ({ couponCode: 'MATRIXAFF' }),
    adminAffiliateSignUpSettlements: () => ({ from: '2030-01-01', to: '2030-01-31' }),
    adminAffiliatePaymentSettlements: () => ({ from: '2030-01-01', to: '2030-01-31' }),
  };
}

/** The coupon calls take a code (and a plan); a code nobody created gets a real answer (not found). */
function couponInputs(): Record<string, () => Record<string, unknown>> {
  const couponCode = () => ({ couponCode: 'MATRIXNONE' });
  const plan = () => ({ ...couponCode(), planName: 'MR_LIGHT_V3' });
  const coupon = () => ({
    couponCode: `MX${randomUUID().replace(/-/g, '').slice(0, 8).toUpperCase()}`,
    name: 'Matrix',
    totalAmount: 1,
    startedAt: new Date(Date.UTC(2030, 0, 1)).toISOString(),
    expiredAt: new Date(Date.UTC(2030, 1, 1)).toISOString(),
  });
  return {
    adminGetCoupon: couponCode,
    adminCreateCoupon: coupon,
    adminUpdateCoupon: () => ({ ...coupon(), couponCode: 'MATRIXNONE' }),
    adminGetCouponDiscountInfos: couponCode,
    adminCreateCouponDiscountInfo: () => ({ ...plan(), rate: 10 }),
    adminUpdateCouponDiscountInfo: () => ({ ...plan(), rate: 10 }),
    adminDeleteCouponDiscountInfo: plan,
    adminGetCouponBonusQuotas: couponCode,
    adminUpsertCouponBonusQuota: plan,
    adminDeleteCouponBonusQuota: plan,
    adminGetCouponUsageInfos: couponCode,
  };
}

type Caller = {
  name: string;
  token: () => Promise<string | undefined>;
  expect: 'invalid_token' | 'invalid_level' | 'allowed';
};
const tokens: Record<string, string> = {};
const callers: Caller[] = [
  { name: 'no token', token: async () => undefined, expect: 'invalid_token' },
  { name: 'malformed token', token: async () => 'not.a.token', expect: 'invalid_token' },
  { name: 'expired operator token', token: expiredToken, expect: 'invalid_token' },
  { name: 'customer (signed in)', token: async () => tokens.customer, expect: 'invalid_level' },
  { name: 'customer (minted)', token: customerToken, expect: 'invalid_level' },
  { name: 'operator (signed in)', token: async () => tokens.operator, expect: 'allowed' },
  { name: 'operator (minted)', token: adminToken, expect: 'allowed' },
];
const results: string[][] = [];

beforeAll(async () => {
  const [operator, customer] = await Promise.all([
    signInAs(SEEDED_ACCOUNTS.operator, { clientType: 'console' }),
    signInAs(SEEDED_ACCOUNTS.customer),
  ]);
  tokens.operator = operator.body.session.idToken;
  tokens.customer = customer.body.session.idToken;
});

afterAll(() => {
  const header = ['route', ...callers.map((caller) => caller.name)];
  console.info(
    `Admin route matrix (${adminRoutes.length} routes x ${callers.length} callers):\n${[header, ...results]
      .map((row) => row.join(' | '))
      .join('\n')}`,
  );
});

describe('every admin route of the route table', () => {
  it('has admin routes to check', () => {
    expect(adminRoutes.length).toBeGreaterThan(0);
  });

  it.each(adminRoutes.map((route) => [`${route.method} /${route.service}${route.path}`, route] as const))(
    '%s lets only operators in',
    async (label, route) => {
      const row: string[] = [label];
      for (const caller of callers) {
        const token = await caller.token();
        const answer = await call(
          route,
          { ...input, ...routeInputs[route.name]?.() },
          token ? { token } : {},
        );
        const code = answer.body?.error?.code;
        if (caller.expect === 'allowed') {
          expect(answer.status, caller.name).not.toBe(401);
          expect(code, `${caller.name}: ${answer.body?.error?.msg}`).not.toBe('invalid_argument');
          expect(['invalid_token', 'invalid_level'], caller.name).not.toContain(code);
          // A refusal of the route is named by the catalogue; internal is only for a failure nobody expected.
          expect(code, `${caller.name}: ${answer.body?.error?.msg}`).not.toBe('internal');
        } else {
          expect(answer, caller.name).toMatchObject({
            status: 401,
            body: { error: { code: caller.expect } },
          });
        }
        row.push(`${answer.status} ${code ?? 'ok'}`);
      }
      results.push(row);
    },
  );
});
