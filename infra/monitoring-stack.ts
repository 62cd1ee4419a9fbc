import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { ComparisonOperator, GraphWidget, MathExpression, Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import type { CfnWebACL } from 'aws-cdk-lib/aws-wafv2';
import { type CustomThreshold, DefaultDashboardFactory } from 'cdk-monitoring-constructs';
import type { Construct } from 'constructs';
import {
  METRICS_NAMESPACE,
  metricDimensions,
  PRODUCT_METRICS,
  type ProductMetricId,
} from '../shared/observability/product-metrics.ts';
import { monitoringFacade, THRESHOLDS } from './alarms.ts';
import { PurchaseCanary } from './canary.ts';
import type { StatefulStack } from './stateful-stack.ts';

export interface MonitoringStackProps extends StackProps {
  stage: string;
  stateful: StatefulStack;
  apis: Record<string, HttpApi>;
  /** The jobs stack's schedule group (a plain name). */
  scheduleGroupName: string;
  /** The edge stack's web ACL (us-east-1): only its name is read, for the dashboard's metrics there. */
  webAcl: CfnWebACL;
  /** The stage's site, which the purchase canary buys on. */
  siteUrl: string;
}

const FIVE_MINUTES = Duration.minutes(5);

/** A count above the threshold's maxErrorCount, as a custom alarm. */
const above = ({
  maxErrorCount,
  ...rest
}: { maxErrorCount: number } & Omit<
  CustomThreshold,
  'threshold' | 'comparisonOperator'
>): CustomThreshold => ({
  ...rest,
  threshold: maxErrorCount,
  comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
});

/**
 * The stage's one dashboard (`cutloom-{stage}`) and the alarms that are not a function's: each HTTP
 * API's 5xx rate and p99 latency, every queue (dead-letter queues non-empty, work queues' oldest
 * message), the schedule group's lost schedules, and the product metrics
 * (shared/observability/product-metrics.ts). Thresholds are infra/alarms.ts's.
 */
export class MonitoringStack extends Stack {
  constructor(scope: Construct, id: string, props: MonitoringStackProps) {
    super(scope, id, props);
    const { stage, stateful } = props;
    const dashboards = new DefaultDashboardFactory(this, 'Dashboards', {
      dashboardNamePrefix: `cutloom-${stage}`,
      createDashboard: true,
      createSummaryDashboard: false,
      createAlarmDashboard: false,
    });
    const facade = monitoringFacade(this, stage, stateful.alarmTopic, dashboards);
    const product = (id: ProductMetricId, period = FIVE_MINUTES): Metric =>
      new Metric({
        namespace: METRICS_NAMESPACE,
        metricName: PRODUCT_METRICS[id].name,
        dimensionsMap: metricDimensions(stage),
        statistic: 'Sum',
        period,
        label: PRODUCT_METRICS[id].name,
      });

    facade.addLargeHeader(`Cutloom ${stage}`);
    const canary = new PurchaseCanary(this, {
      stage,
      siteUrl: props.siteUrl,
      secret: stateful.canarySecret,
      accessLogs: stateful.accessLogBucket,
    });
    facade.monitorCustom({
      alarmFriendlyName: 'purchase-canary',
      humanReadableName: `The purchase canary (${canary.canary.canaryName}, every 10 minutes)`,
      metricGroups: [
        {
          title: 'Failed runs',
          metrics: [
            {
              metric: canary.failedRuns,
              alarmFriendlyName: 'purchase-failed',
              addAlarm: {
                Critical: {
                  threshold: THRESHOLDS.purchaseCanaryFailures.maxFailedRuns,
                  comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
                  evaluationPeriods: THRESHOLDS.purchaseCanaryFailures.evaluationPeriods,
                  datapointsToAlarm: THRESHOLDS.purchaseCanaryFailures.datapointsToAlarm,
                },
              },
            },
          ],
        },
        { title: 'Duration of a run (ms)', metrics: [canary.canary.metricDuration()] },
      ],
    });
    for (const [service, api] of Object.entries(props.apis)) {
      facade.monitorApiGatewayV2HttpApi({
        api,
        alarmFriendlyName: `api-${service}`,
        humanReadableName: `/${service} API`,
        add5xxRateAlarm: { Critical: THRESHOLDS.apiServerErrorRate },
        addLatencyP99Alarm: { Critical: THRESHOLDS.apiLatencyP99 },
      });
    }

    facade.monitorCustom({
      alarmFriendlyName: 'money',
      humanReadableName: 'Money',
      metricGroups: [
        {
          title: 'Confirmations',
          metrics: [
            product('confirmationGranted'),
            product('confirmationRefused'),
            product('confirmationRefunded'),
            product('webhookReceived'),
            {
              metric: product('refundRequired'),
              alarmFriendlyName: 'refund-required',
              addAlarm: { Critical: above(THRESHOLDS.refundRequired) },
            },
            {
              metric: product('confirmationWrongAmount'),
              alarmFriendlyName: 'wrong-amount',
              addAlarm: { Critical: above(THRESHOLDS.confirmationWrongAmount) },
            },
          ],
        },
        {
          title: 'Tax invoices open near their deadline',
          metrics: [
            {
              // The run emits it every hour: its hour's sum is the count of that run.
              metric: product('taxInvoicesNearDeadline', Duration.hours(1)),
              alarmFriendlyName: 'tax-invoice-deadline',
              addAlarm: { Critical: above(THRESHOLDS.taxInvoicesNearDeadline) },
            },
          ],
        },
        {
          title: 'Renewals',
          metrics: [
            product('renewalCharged'),
            product('renewalDeclined'),
            {
              metric: product('planHeld'),
              alarmFriendlyName: 'plan-held',
              addAlarm: { Critical: above(THRESHOLDS.planHeld) },
            },
            {
              metric: this.renewalDeclineRate(product),
              alarmFriendlyName: 'renewal-decline-rate',
              addAlarm: {
                Critical: {
                  threshold: THRESHOLDS.renewalDeclineRate.maxPercent,
                  comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
                  evaluationPeriods: THRESHOLDS.renewalDeclineRate.evaluationPeriods,
                  datapointsToAlarm: THRESHOLDS.renewalDeclineRate.datapointsToAlarm,
                },
              },
            },
          ],
        },
      ],
    });
    facade.monitorCustom({
      alarmFriendlyName: 'product',
      humanReadableName: 'Sign-in, phone-number checks, bulk jobs, unexpected failures',
      metricGroups: [
        {
          title: 'Sign-in',
          metrics: [
            product('signInFailed'),
            {
              metric: product('signInLockedOut'),
              alarmFriendlyName: 'sign-in-lock-outs',
              addAlarm: { Critical: above(THRESHOLDS.signInLockOuts) },
            },
          ],
        },
        { title: 'Phone-number checks refused past their limits', metrics: [product('phoneLookupRefused')] },
        { title: 'Bulk job items', metrics: [product('bulkItemDone'), product('bulkItemFailed')] },
        {
          title: 'Dead letters listed on the attention page',
          metrics: [
            {
              metric: product('deadLettered'),
              alarmFriendlyName: 'dead-lettered',
              addAlarm: { Critical: above(THRESHOLDS.deadLettered) },
            },
          ],
        },
        {
          title: 'Unexpected failures (routes answering internal)',
          metrics: [
            {
              metric: product('internalError'),
              alarmFriendlyName: 'internal-errors',
              addAlarm: { Critical: above(THRESHOLDS.internalErrors) },
            },
          ],
        },
      ],
    });

    facade.monitorCustom({
      alarmFriendlyName: 'records',
      humanReadableName: 'The audit trail and the locked copy of the records',
      metricGroups: [
        {
          title: 'Audit trail entries found replaced, deleted or written outside the product',
          metrics: [
            {
              metric: product('auditChainBroken'),
              alarmFriendlyName: 'audit-chain-broken',
              addAlarm: { Critical: above(THRESHOLDS.auditChainBroken) },
            },
          ],
        },
        {
          title: 'Age of the oldest change not yet in the locked copy',
          metrics: [
            {
              metric: new Metric({
                namespace: 'AWS/Lambda',
                metricName: 'IteratorAge',
                dimensionsMap: { FunctionName: `cutloom-${stage}-archive-records` },
                statistic: 'Maximum',
                period: FIVE_MINUTES,
                label: 'Iterator age (ms)',
              }),
              alarmFriendlyName: 'record-archive-behind',
              addAlarm: {
                Critical: {
                  threshold: THRESHOLDS.recordArchiveBehind.maxAgeMs,
                  comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
                  evaluationPeriods: THRESHOLDS.recordArchiveBehind.evaluationPeriods,
                  datapointsToAlarm: THRESHOLDS.recordArchiveBehind.datapointsToAlarm,
                },
              },
            },
          ],
        },
      ],
    });
    this.alarmDeadLetters(facade, 'record-archive-failures', stateful.recordArchiveFailures);

    facade.addLargeHeader('Queues and schedules');
    for (const [id, queue] of Object.entries(stateful.queues)) {
      facade.monitorSqsQueue({
        queue,
        alarmFriendlyName: id,
        addQueueMaxMessageAgeAlarm: { Critical: THRESHOLDS.queueAge },
      });
      this.alarmDeadLetters(facade, `${id}-dlq`, queue.deadLetterQueue?.queue as IQueue);
    }
    this.alarmDeadLetters(facade, 'schedule-dead-letters', stateful.scheduleDeadLetters);
    this.alarmDeadLetters(facade, 'scheduled-run-failures', stateful.scheduledRunFailures);
    const group = ScheduleGroup.fromScheduleGroupName(this, 'ScheduleGroup', props.scheduleGroupName);
    facade.monitorCustom({
      alarmFriendlyName: 'schedules',
      humanReadableName: `Schedule group ${props.scheduleGroupName}`,
      metricGroups: [
        {
          title: 'Schedules',
          metrics: [
            group.metricAttempts({ period: FIVE_MINUTES }),
            group.metricTargetErrors({ period: FIVE_MINUTES }),
            group.metricSentToDLQ({ period: FIVE_MINUTES }),
            {
              metric: group.metricDropped({ period: FIVE_MINUTES }),
              alarmFriendlyName: 'schedules-dropped',
              addAlarm: { Critical: above(THRESHOLDS.lostSchedules) },
            },
            {
              metric: group.metricFailedToBeSentToDLQ(undefined, { period: FIVE_MINUTES }),
              alarmFriendlyName: 'schedules-not-dead-lettered',
              addAlarm: { Critical: above(THRESHOLDS.lostSchedules) },
            },
          ],
        },
      ],
    });

    facade.addLargeHeader('Functions (each alarmed beside it) and the edge');
    facade.addWidget(this.everyFunction(stage, 'Errors'));
    facade.addWidget(this.everyFunction(stage, 'Throttles'));
    facade.addWidget(this.everyFunction(stage, 'Duration', 'p99'));
    facade.monitorWebApplicationFirewallAclV2({
      acl: props.webAcl,
      region: 'us-east-1',
      humanReadableName: 'Web ACL (CloudFront)',
    });
  }

  /** A dead-letter queue that alarms on its first message. */
  private alarmDeadLetters(facade: ReturnType<typeof monitoringFacade>, name: string, queue: IQueue): void {
    facade.monitorSqsQueue({
      queue,
      alarmFriendlyName: name,
      addQueueMaxSizeAlarm: { Critical: THRESHOLDS.deadLetters },
    });
  }

  /** Declined share of renewals in percent, zero until there are enough renewals to judge. */
  private renewalDeclineRate(product: (id: ProductMetricId, period?: Duration) => Metric): MathExpression {
    const { period, minRenewals } = THRESHOLDS.renewalDeclineRate;
    return new MathExpression({
      expression: `IF((charged + declined) >= ${minRenewals}, 100 * declined / (charged + declined), 0)`,
      usingMetrics: {
        charged: product('renewalCharged', period),
        declined: product('renewalDeclined', period),
      },
      period,
      label: 'Declined renewals (%)',
    });
  }

  /** One line per function of the stage (named cutloom-{stage}-...), by CloudWatch search. */
  private everyFunction(stage: string, metricName: string, statistic = 'Sum'): GraphWidget {
    return new GraphWidget({
      title: `${metricName} per function`,
      width: 8,
      left: [
        new MathExpression({
          expression: `SEARCH('{AWS/Lambda,FunctionName} MetricName="${metricName}" cutloom-${stage}-', '${statistic}', 300)`,
          usingMetrics: {},
          label: '',
        }),
      ],
    });
  }
}
