import { accountDeletionRoutes } from './account-deletion.ts';
import { affiliateRoutes } from './affiliates.ts';
import { analyticsRoutes } from './analytics.ts';
import { attentionRoutes } from './attention.ts';
import { auditRoutes } from './audit.ts';
import { billingRoutes } from './billing.ts';
import { changeCardRoutes } from './change-card.ts';
import { configRoutes } from './configs.ts';
import { couponRoutes } from './coupons.ts';
import { customPlanRoutes } from './custom-plans.ts';
import type { RouteDefinition } from './define-route.ts';
import { directDepositRoutes } from './direct-deposits.ts';
import { downloadRoutes } from './downloads.ts';
import { feedbackRoutes } from './feedback.ts';
import { financeRoutes } from './finance.ts';
import { geoRoutes } from './geo.ts';
import { identityLinkRoutes, identityRoutes } from './identity.ts';
import { jobRoutes } from './jobs.ts';
import { noticeRoutes } from './notices.ts';
import { orderFlowRoutes, orderRoutes } from './orders.ts';
import { paymentProviderRoutes } from './payment-provider.ts';
import { paymentRoutes } from './payments.ts';
import { planChangeRoutes } from './plan-change.ts';
import { planRoutes } from './plans.ts';
import { refundRoutes } from './refunds.ts';
import { renewalConsentRoutes } from './renewal-consent.ts';
import { scheduleRoutes } from './schedules.ts';
import { staffRoutes } from './staff.ts';
import { subscriptionRoutes } from './subscriptions.ts';
import { surveyRoutes } from './surveys.ts';
import { taxInvoiceRoutes } from './tax-invoices.ts';
import { ttsVoiceRoutes } from './tts-voices.ts';
import { upgradeRoutes } from './upgrades.ts';
import { usageRoutes } from './usage.ts';
import { usageEraserRoutes } from './usage-eraser.ts';
import { userRoutes } from './users.ts';

/**
 * The route table: every API route of every service, one contract module per domain. The CDK stacks,
 * the local gateway, the OpenAPI document and the authorization tests read it; the web imports single
 * routes from the domain modules so that a page bundles only the contracts it calls.
 *
 * The order is the deployed one: each service's routes go into nested stacks of ROUTES_PER_GROUP
 * (infra/service-stack.ts) in this order, so moving a route across a group boundary would replace its
 * Lambda. Add new domains at the end.
 */
export const ROUTES: readonly RouteDefinition[] = [
  ...geoRoutes,
  ...configRoutes,
  ...identityRoutes,
  ...planRoutes,
  ...paymentProviderRoutes,
  ...userRoutes,
  ...jobRoutes,
  ...surveyRoutes,
  ...feedbackRoutes,
  ...ttsVoiceRoutes,
  ...downloadRoutes,
  ...analyticsRoutes,
  ...orderRoutes,
  ...couponRoutes,
  ...customPlanRoutes,
  ...paymentRoutes,
  ...usageRoutes,
  ...subscriptionRoutes,
  ...refundRoutes,
  ...upgradeRoutes,
  ...changeCardRoutes,
  ...directDepositRoutes,
  ...scheduleRoutes,
  ...affiliateRoutes,
  ...usageEraserRoutes,
  ...attentionRoutes,
  ...billingRoutes,
  ...taxInvoiceRoutes,
  ...staffRoutes,
  ...auditRoutes,
  ...financeRoutes,
  ...renewalConsentRoutes,
  ...accountDeletionRoutes,
  ...planChangeRoutes,
  ...identityLinkRoutes,
  ...noticeRoutes,
  ...orderFlowRoutes,
];
