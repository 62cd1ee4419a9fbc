import { PRODUCT_NAME, PRODUCT_SLUG } from '../product.ts';

/**
 * The product's own CloudWatch metrics, declared once: the functions emit them as EMF through
 * Powertools Metrics (functions/core/observability.ts), and the monitoring stack alarms on them and
 * draws them on the dashboard (infra/alarms.ts), by these names, units and dimensions.
 *
 * Every metric has the same dimensions, `service` and `stage` (`metricDimensions`): Powertools adds
 * `service`, which is the product for every function, so that an event counts in one series
 * wherever it happens (a confirmation refused in the webhook route or in the order re-check job).
 */
export interface ProductMetric {
  /** The metric name in CloudWatch. */
  readonly name: string;
  /** One unit for every metric so far: each is a count of events (Powertools MetricUnit.Count). */
  readonly unit: 'Count';
  /** What one count means, for the dashboard and the runbook. */
  readonly means: string;
}

export const METRICS_NAMESPACE = PRODUCT_NAME;

/** Powertools' service name of every function (logs' `service`, metrics' `service` dimension, traces' annotation). */
export const OBSERVED_SERVICE = PRODUCT_SLUG;

export const METRIC_DIMENSION_NAMES = ['service', 'stage'] as const;

export function metricDimensions(stage: string): Record<(typeof METRIC_DIMENSION_NAMES)[number], string> {
  return { service: OBSERVED_SERVICE, stage };
}

const count = (name: string, means: string): ProductMetric => ({ name, unit: 'Count', means });

export const PRODUCT_METRICS = {
  confirmationGranted: count('ConfirmationGranted', 'an order confirmed and its plan granted'),
  confirmationRefused: count('ConfirmationRefused', 'money taken for an order that could not be granted'),
  confirmationWrongAmount: count(
    'ConfirmationWrongAmount',
    'a payment whose amount or currency differs from its order',
  ),
  confirmationRefunded: count('ConfirmationRefunded', 'money taken and not granted, returned at once'),
  refundRequired: count(
    'RefundRequired',
    'money taken and not granted that the provider cannot return alone (an operator must)',
  ),
  renewalCharged: count('RenewalCharged', 'a subscription renewed and charged'),
  renewalDeclined: count('RenewalDeclined', 'a renewal charge the card or wallet declined'),
  planHeld: count('PlanHeld', 'a subscription put on hold after its last declined retry'),
  bulkItemDone: count('BulkItemDone', 'a bulk job item done'),
  bulkItemFailed: count('BulkItemFailed', 'a bulk job item refused or failed'),
  signInFailed: count('SignInFailed', 'a sign-in with an unknown address or a wrong password'),
  signInLockedOut: count(
    'SignInLockedOut',
    'a sign-in refused because its account or client address is locked out',
  ),
  phoneLookupRefused: count(
    'PhoneLookupRefused',
    "an order page's phone-number check refused past its session's, account's or client address's limit",
  ),
  deadLettered: count(
    'DeadLettered',
    'a bulk message or scheduled run dead-lettered and listed on the attention page',
  ),
  webhookReceived: count('WebhookReceived', 'a payment notification received'),
  auditChainBroken: count(
    'AuditChainBroken',
    'an audit trail entry found replaced, deleted or written outside the product (listed on the attention page)',
  ),
  internalError: count('InternalError', 'a route answered `internal` (UNKNOWN): a failure nobody expected'),
  taxInvoicesNearDeadline: count(
    'TaxInvoicesNearDeadline',
    'a tax invoice not issued yet two business days or less before its deadline (counted by every hourly run)',
  ),
} as const satisfies Record<string, ProductMetric>;

export type ProductMetricId = keyof typeof PRODUCT_METRICS;
