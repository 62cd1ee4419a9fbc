import { randomUUID } from 'node:crypto';
import { SEEDED_ACCOUNTS } from '../../../scripts/local/seed.ts';
import { uniqueId } from '../helpers.ts';

/**
 * Inputs of every admin route that get an operator a real answer (the route's result, or a refusal the
 * catalogue names, never invalid_argument): the admin route matrix and the audit trail's test call every
 * admin route with them. A new admin route whose schema the generic fields do not fit adds its input here.
 */
/** Enough fields for any admin route's schema; the answer to the operator only must not be a refusal. */
export const genericInput = {
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
export const routeInputs: Record<string, () => Record<string, unknown>> = {
  adminUserInfo: () => ({ uid: SEEDED_ACCOUNTS.customer.uid }),
  unsubscribePayment: () => ({ uid: SEEDED_ACCOUNTS.customer.uid, requestedBy: 'matrix@example.com' }),
  reschedulePayment: () => ({ uid: SEEDED_ACCOUNTS.customer.uid, requestedBy: 'matrix@example.com' }),
  // An account without a plan: a change of plan is refused (not_found), the seeded customer's left alone.
  adminPlanChange: () => ({ uid: uniqueId('no-plan') }),
  adminSchedulePlanChange: () => ({ uid: uniqueId('no-plan'), planName: 'MR_LIGHT_V3' }),
  adminCancelPlanChange: () => ({ uid: uniqueId('no-plan') }),
  adminRefundInfo: () => ({ uid: SEEDED_ACCOUNTS.customer.uid, requestedMs: Date.now() }),
  adminCancelPayment: () => ({
    uid: SEEDED_ACCOUNTS.customer.uid,
    price: 0,
    reason: 'matrix',
    refundSource: 'portone',
  }),
  adminAttentionResolve: () => ({ caseId: 'refund_required:none', action: 'dismiss', reason: 'matrix' }),
  // No transfer is owed under this case: the answer is not_found, nothing revealed.
  adminRefundTransferAccount: () => ({ caseId: 'refund_transfer:none/0' }),
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
  adminSmartSurveyUpdate: () => ({ id: 'some-id', ...survey }),
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
  adminStaffInvite: () => ({ email: `${uniqueId('matrix')}@example.com`, role: 'viewer', language: 'en' }),
  adminStaffUpdate: () => ({ uid: 'matrix-nobody', role: 'viewer' }),
  adminStaffSecondFactorReset: () => ({ uid: 'matrix-nobody' }),
  adminTaxInvoiceList: () => ({ month: '2030-01' }),
  adminTaxInvoiceMark: () => ({ merchantUid: 'ord_matrixnone', mark: 'cancelled', reason: 'matrix' }),
  adminTaxInvoicePdf: () => ({ mgtKey: 'E-matrixnone' }),
  adminFinanceSummary: () => ({ period: '2030-01' }),
  adminFinanceLedger: () => ({ period: '2030-01-31', limit: 10 }),
  adminRevenueReport: () => ({ from: '2025-01-01', to: '2025-01-31' }),
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
