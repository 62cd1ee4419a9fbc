import { Duration } from 'aws-cdk-lib';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { ITopic } from 'aws-cdk-lib/aws-sns';
import {
  DefaultDashboardFactory,
  type IDynamicDashboardFactory,
  MonitoringFacade,
  SnsAlarmActionStrategy,
} from 'cdk-monitoring-constructs';
import type { Construct } from 'constructs';
import { OUTSIDE_CALL_TIMEOUT_MS } from '../shared/timeouts.ts';

/**
 * Every alarm's threshold, with why, in one place (docs/runbook.md says what to do when one fires).
 * Alarms are cdk-monitoring-constructs' (MonitoringFacade); each evaluates 5-minute periods unless it
 * says otherwise, and missing data (nothing happened) never alarms.
 */
const ONCE = { evaluationPeriods: 1, datapointsToAlarm: 1 } as const;

export const THRESHOLDS = {
  /**
   * A route's function fails only when it crashes or runs out of time (the pipeline answers every other
   * failure), and a consumer reports a failing message in batchItemFailures instead of throwing: one
   * error is a defect or an outage.
   */
  functionErrors: { maxErrorCount: 0, ...ONCE },
  /**
   * A scheduled target throws on purpose when a provider's answer is unknown, and Lambda runs it twice
   * more; a run that still fails reaches the scheduled-run-failures queue (alarmed on its own). More
   * than 5 failed invocations in 15 minutes means runs fail in bulk (the provider or the table is down).
   */
  targetErrors: { maxErrorCount: 5, period: Duration.minutes(15), ...ONCE },
  /** One throttle means the account's concurrency ran out: a customer or a run was refused. */
  throttles: { maxErrorCount: 0, ...ONCE },
  /**
   * More than 5 % of at least 20 requests answered 5xx, in 2 of 3 periods. Not lower: admin routes
   * answer every refusal (not_found, conflict) with 500, as the admin specification says, so a busy
   * console shows 5xx that are not failures; the InternalError alarm below counts only real ones.
   */
  apiServerErrorRate: {
    maxErrorRate: 0.05,
    minMetricSamplesToAlarm: 20,
    evaluationPeriods: 3,
    datapointsToAlarm: 2,
  },
  /**
   * p99 above one outside call's whole time limit (shared/timeouts.ts) for 15 minutes: requests wait
   * longer than anything was designed to take (a provider hanging, the table throttling, cold starts
   * piling up).
   */
  apiLatencyP99: {
    maxLatency: Duration.millis(OUTSIDE_CALL_TIMEOUT_MS),
    evaluationPeriods: 3,
    datapointsToAlarm: 3,
  },
  /**
   * One message in a dead-letter queue is a job item, a schedule or a run that nothing will retry. The
   * dead-letter consumer takes each within seconds (listing it on the attention page), so a queue that
   * holds one means the consumer cannot; `deadLettered` below counts each as it is listed.
   */
  deadLetters: { maxMessageCount: 0, ...ONCE },
  /** A dead letter listed on the attention page (a bulk message or a scheduled run never done): every one. */
  deadLettered: { maxErrorCount: 0, ...ONCE },
  /**
   * A bulk job's message older than 2 hours: the largest job (10,000 users created, 2 consumers at once,
   * about a second a row) drains in about an hour and a half, so older means the consumer is stuck.
   */
  queueAge: { maxAgeInSeconds: 2 * 60 * 60, ...ONCE },
  /** A schedule the scheduler dropped or could not dead-letter is a run lost without a trace: any. */
  lostSchedules: { maxErrorCount: 0, ...ONCE },
  /** Money an operator must return (refund_required): every one. */
  refundRequired: { maxErrorCount: 0, ...ONCE },
  /**
   * A tax invoice still not issued two business days (or less) before its legal deadline: the hourly tax
   * documents' run counts them (TaxInvoicesNearDeadline), so the alarm is one hour's count above none and
   * stays raised, run after run, until each is issued or marked by hand. The run's own failures alarm as
   * its function's errors.
   */
  taxInvoicesNearDeadline: { maxErrorCount: 0, ...ONCE },
  /** A plan put on hold (its last renewal retry declined): every one, so that the customer is helped. */
  planHeld: { maxErrorCount: 0, ...ONCE },
  /** A payment whose amount differs from its order is tampering or a pricing defect: every one. */
  confirmationWrongAmount: { maxErrorCount: 0, ...ONCE },
  /**
   * More than 2 unexpected failures in 5 minutes: a single one (a transient error of a dependency that
   * outlived the SDK's retries) shows on the dashboard; three are a pattern.
   */
  internalErrors: { maxErrorCount: 2, ...ONCE },
  /**
   * More than 25 % of at least 10 renewals declined within 3 hours. Recurring card payments are commonly
   * declined a few to 15 % of the time; a quarter means something changed (a PG or issuer problem, an
   * expired channel setting) rather than customers' cards.
   */
  renewalDeclineRate: {
    maxPercent: 25,
    minRenewals: 10,
    period: Duration.hours(3),
    ...ONCE,
  },
  /**
   * More than 20 sign-ins refused for a lock-out in 5 minutes. Locking one's own account takes 10 wrong
   * passwords (50 from one address) within 15 minutes, which a person rarely reaches; twenty in five
   * minutes is someone trying many accounts, spread over addresses the WAF rate rules do not stop.
   */
  signInLockOuts: { maxErrorCount: 20, ...ONCE },
  /**
   * The purchase canary failed in 2 of its last 3 runs (one every 10 minutes, infra/canary.ts): a
   * purchase broken for everyone alarms within 20 minutes, and one run lost to a passing hiccup (the
   * site's or the canary's own) does not. A period without a run (the canary stopped) is missing data.
   */
  purchaseCanaryFailures: { maxFailedRuns: 0, evaluationPeriods: 3, datapointsToAlarm: 2 },
  /**
   * An audit trail entry found replaced, deleted or written outside the product by the hourly chain check
   * (functions/core/audit/chain-check.ts): every one. Nothing in the product changes an entry, so one is
   * an intrusion or someone working on the table by hand.
   */
  auditChainBroken: { maxErrorCount: 0, ...ONCE },
  /**
   * The locked copy more than an hour behind the table (the consumer's IteratorAge), in 2 of 3 periods:
   * the consumer fails or cannot keep up. The stream keeps a change 24 hours; past that it is lost to the
   * copy (the runbook reads it again from the table).
   */
  recordArchiveBehind: { maxAgeMs: 3_600_000, evaluationPeriods: 3, datapointsToAlarm: 2 },
} as const;

/** Where the runbook is: the alarm's description names it, so the mail does too. */
export const RUNBOOK = 'docs/runbook.md';

/**
 * A monitoring facade whose alarms notify the stage's topic, named `cutloom-{stage}-...`. Without a
 * dashboard factory it draws nothing: the function alarms live beside their functions (nested stacks
 * of at most ROUTES_PER_GROUP routes, so no template outgrows CloudFormation's limits), and the stage's
 * one dashboard is the monitoring stack's.
 */
export function monitoringFacade(
  scope: Construct,
  stage: string,
  topic: ITopic,
  dashboardFactory?: IDynamicDashboardFactory,
): MonitoringFacade {
  return new MonitoringFacade(scope, 'Monitoring', {
    alarmFactoryDefaults: {
      alarmNamePrefix: `cutloom-${stage}`,
      actionsEnabled: true,
      action: new SnsAlarmActionStrategy({ onAlarmTopic: topic }),
      runbookLink: RUNBOOK,
    },
    metricFactoryDefaults: {},
    dashboardFactory:
      dashboardFactory ??
      new DefaultDashboardFactory(scope, 'NoDashboard', {
        dashboardNamePrefix: `cutloom-${stage}`,
        createDashboard: false,
        createSummaryDashboard: false,
        createAlarmDashboard: false,
      }),
  });
}

/** A function's errors and throttles (a scheduled target's errors by their own threshold). */
export function alarmFunction(
  facade: MonitoringFacade,
  fn: IFunction,
  name: string,
  kind: 'route' | 'consumer' | 'target',
): void {
  facade.monitorLambdaFunction({
    lambdaFunction: fn,
    alarmFriendlyName: name,
    addFaultCountAlarm: {
      Critical: kind === 'target' ? THRESHOLDS.targetErrors : THRESHOLDS.functionErrors,
    },
    addThrottlesCountAlarm: { Critical: THRESHOLDS.throttles },
  });
}
