import { adminAffiliateRoutes } from './admin-affiliates.ts';
import { adminBulkUsageRoutes } from './admin-bulk-usage.ts';
import { adminCouponRoutes } from './admin-coupons.ts';
import { adminDirectDepositRoutes } from './admin-direct-deposits.ts';
import { adminJobsRoutes } from './admin-jobs.ts';
import { adminPaymentsRoutes } from './admin-payments.ts';
import { adminPlansRoutes } from './admin-plans.ts';
import { adminScheduleRoutes } from './admin-schedules.ts';
import { adminUsageRoutes } from './admin-usage.ts';
import { adminUsersRoutes } from './admin-users.ts';
import { analyticsRoutes } from './analytics.ts';
import { authRoutes } from './auth.ts';
import { changeCardRoutes } from './change-card.ts';
import type { RouteDefinition } from './define-route.ts';
import { downloadRoutes } from './downloads.ts';
import { feedbackRoutes } from './feedback.ts';
import { identityRoutes } from './identity.ts';
import { orderRoutes } from './orders.ts';
import { paymentRoutes } from './payment.ts';
import { paymentProviderRoutes } from './payment-provider.ts';
import { refundRoutes } from './refunds.ts';
import { smartSurveyRoutes } from './smart-surveys.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { surveyFormRoutes } from './survey-forms.ts';
import { ttsVoiceRoutes } from './tts-voices.ts';
import { upgradeRoutes } from './upgrades.ts';
import { usageRoutes } from './usage.ts';
import { usageEraserRoutes } from './usage-eraser.ts';

/**
 * The route table: every API route of every service. The CDK stacks, the local gateway, the
 * OpenAPI document and the authorization tests read it; the web imports single routes from the
 * service modules so that a page bundles only the contracts it calls.
 */
export const ROUTES: readonly RouteDefinition[] = [
  ...authRoutes,
  ...identityRoutes,
  ...paymentRoutes,
  ...paymentProviderRoutes,
  ...adminUsersRoutes,
  ...adminJobsRoutes,
  ...smartSurveyRoutes,
  ...surveyFormRoutes,
  ...feedbackRoutes,
  ...ttsVoiceRoutes,
  ...downloadRoutes,
  ...analyticsRoutes,
  ...orderRoutes,
  ...adminCouponRoutes,
  ...adminPlansRoutes,
  ...adminPaymentsRoutes,
  ...usageRoutes,
  ...adminUsageRoutes,
  ...subscriptionRoutes,
  ...refundRoutes,
  ...upgradeRoutes,
  ...changeCardRoutes,
  ...adminDirectDepositRoutes,
  ...adminScheduleRoutes,
  ...adminAffiliateRoutes,
  ...usageEraserRoutes,
  ...adminBulkUsageRoutes,
];
