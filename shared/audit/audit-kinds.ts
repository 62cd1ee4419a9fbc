import { AUDIT_EVENTS } from './audit-trail.ts';

/**
 * Every kind an audit entry can have: the name of each staff write route (an admin route that is neither
 * viewer nor readOnly: shared/staff/staff-roles.ts isStaffWrite) and the staff sign-in events. Written out
 * rather than read from the route table so that the console's audit page does not bundle every route's
 * schemas; audit-kinds.test.ts fails when the two differ, and the web's label test when a kind has no
 * label in a language.
 */
export const AUDIT_ROUTE_KINDS = [
  'adminConfigCreate',
  'adminConfigUpdate',
  'adminConfigDelete',
  'adminSendVerifyingEmail',
  'adminVerifyEmail',
  'adminGeneratePasswordResetLink',
  'adminUserPreregistration',
  'adminUserCreate',
  'adminBulkUserCreate',
  'adminSmartSurveyCreate',
  'adminSmartSurveyUpdate',
  'adminSmartSurveyDelete',
  'adminSmartSurveyTargets',
  'adminUpdateOnboardingSurvey',
  'copyCloudProjectForFeedback',
  'adminCreateCoupon',
  'adminUpdateCoupon',
  'adminCreateCouponDiscountInfo',
  'adminUpdateCouponDiscountInfo',
  'adminDeleteCouponDiscountInfo',
  'adminUpsertCouponBonusQuota',
  'adminDeleteCouponBonusQuota',
  'adminCustomPlanCreate',
  'adminPaymentProgressCreate',
  'updateUserContactInfo',
  'adminUsageCreate',
  'adminBulkUsageCreate',
  'unsubscribePayment',
  'reschedulePayment',
  'adminCancelPayment',
  'adminSchedulePlanChange',
  'adminCancelPlanChange',
  'adminDirectDepositCreate',
  'adminBulkDirectDepositCreate',
  'adminScheduleCreate',
  'adminScheduleUpdate',
  'adminUpsertAffiliate',
  'adminAttentionResolve',
  'adminRefundTransferAccount',
  'adminTaxInvoiceMark',
  'adminStaffInvite',
  'adminStaffUpdate',
  'adminStaffSecondFactorReset',
] as const;

export const AUDIT_KINDS = [...AUDIT_ROUTE_KINDS, ...AUDIT_EVENTS] as const;
export type AuditKind = (typeof AUDIT_KINDS)[number];

export function isAuditKind(value: unknown): value is AuditKind {
  return typeof value === 'string' && (AUDIT_KINDS as readonly string[]).includes(value);
}
