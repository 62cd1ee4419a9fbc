import { tableService } from './client.ts';
import { AdminSchedule, AdminScheduleRun } from './entities/admin-schedule.ts';
import { Affiliate } from './entities/affiliate.ts';
import { AnalyticsEvent } from './entities/analytics-event.ts';
import { AttentionCase } from './entities/attention-case.ts';
import { AuditChainFinding, AuditChainHead, AuditEntry } from './entities/audit-entry.ts';
import { CashReceipt } from './entities/cash-receipt.ts';
import { ChangeCardRequest } from './entities/change-card.ts';
import { Config, ConfigName } from './entities/config.ts';
import { Coupon, CouponBonusQuota, CouponDiscount, CouponRedemption } from './entities/coupon.ts';
import { CustomPlan } from './entities/custom-plan.ts';
import { CustomerMail } from './entities/customer-mail.ts';
import { CustomerText } from './entities/customer-text.ts';
import { DataMigration } from './entities/data-migration.ts';
import { HolidayMonth } from './entities/holiday.ts';
import { BulkRequest, Job, JobBatchCount, JobItemOutcome } from './entities/job.ts';
import { LedgerEntry, ReconciliationFinding } from './entities/ledger-entry.ts';
import { Payment } from './entities/payment.ts';
import { PaymentContact, PaymentPhone } from './entities/payment-contact.ts';
import { PaymentOrder } from './entities/payment-order.ts';
import { PaymentSession } from './entities/payment-session.ts';
import { PlanPrice } from './entities/plan-price.ts';
import { PlanUsage } from './entities/plan-usage.ts';
import { Preregistration } from './entities/preregistration.ts';
import { Refund, RefundRequest } from './entities/refund.ts';
import { RefundSession } from './entities/refund-session.ts';
import { ReleaseResource } from './entities/release-resource.ts';
import { RenewalConsent } from './entities/renewal-consent.ts';
import { PendingSignUp, RefreshToken, SessionFamily, SignInFailures } from './entities/session.ts';
import { SmartSurvey, SurveyTarget } from './entities/smart-survey.ts';
import { StaffAdminCount, StaffMember } from './entities/staff-member.ts';
import {
  TaxDocumentsCursor,
  TaxInvoice,
  TaxInvoiceProfile,
  TaxInvoiceRequest,
} from './entities/tax-invoice.ts';
import { UsageCounter, UsageEntry } from './entities/usage.ts';
import { ProviderLink, User, UserEmail } from './entities/user.ts';
import { UserActivity } from './entities/user-activity.ts';
import { UserPlan, UserPlanHead } from './entities/user-plan.ts';

/**
 * Every entity of the one table, joined in one ElectroDB service: what the table-design test checks and
 * what tests and scripts set up data with. No function imports it (each repository joins only its own
 * entities, functions/core/data/client.ts), so that a handler bundles only what it uses.
 */
export const entities = {
  config: Config,
  configName: ConfigName,
  planPrice: PlanPrice,
  planUsage: PlanUsage,
  customPlan: CustomPlan,
  job: Job,
  jobItemOutcome: JobItemOutcome,
  jobBatchCount: JobBatchCount,
  bulkRequest: BulkRequest,
  user: User,
  userEmail: UserEmail,
  providerLink: ProviderLink,
  sessionFamily: SessionFamily,
  refreshToken: RefreshToken,
  pendingSignUp: PendingSignUp,
  signInFailures: SignInFailures,
  userActivity: UserActivity,
  preregistration: Preregistration,
  smartSurvey: SmartSurvey,
  surveyTarget: SurveyTarget,
  releaseResource: ReleaseResource,
  analyticsEvent: AnalyticsEvent,
  paymentSession: PaymentSession,
  paymentOrder: PaymentOrder,
  payment: Payment,
  userPlan: UserPlan,
  userPlanHead: UserPlanHead,
  paymentContact: PaymentContact,
  paymentPhone: PaymentPhone,
  coupon: Coupon,
  couponDiscount: CouponDiscount,
  couponBonusQuota: CouponBonusQuota,
  couponRedemption: CouponRedemption,
  usageCounter: UsageCounter,
  usageEntry: UsageEntry,
  changeCardRequest: ChangeCardRequest,
  holidayMonth: HolidayMonth,
  refundSession: RefundSession,
  refund: Refund,
  refundRequest: RefundRequest,
  adminSchedule: AdminSchedule,
  adminScheduleRun: AdminScheduleRun,
  attentionCase: AttentionCase,
  affiliate: Affiliate,
  customerMail: CustomerMail,
  customerText: CustomerText,
  cashReceipt: CashReceipt,
  taxInvoiceProfile: TaxInvoiceProfile,
  taxInvoiceRequest: TaxInvoiceRequest,
  taxInvoice: TaxInvoice,
  taxDocumentsCursor: TaxDocumentsCursor,
  staffMember: StaffMember,
  staffAdminCount: StaffAdminCount,
  auditEntry: AuditEntry,
  auditChainHead: AuditChainHead,
  auditChainFinding: AuditChainFinding,
  ledgerEntry: LedgerEntry,
  reconciliationFinding: ReconciliationFinding,
  dataMigration: DataMigration,
  renewalConsent: RenewalConsent,
};

/** The service of every entity, bound to the table and client of this process (made on first use). */
export const db = tableService(entities);
