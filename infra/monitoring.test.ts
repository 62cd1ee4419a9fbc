import { Annotations, Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import { ROUTES } from '../shared/api/routes.ts';
import { QUEUES } from '../shared/jobs/queues.ts';
import { SCHEDULED_TARGETS } from '../shared/jobs/schedules.ts';
import {
  METRICS_NAMESPACE,
  metricDimensions,
  PRODUCT_METRICS,
} from '../shared/observability/product-metrics.ts';
import { THRESHOLDS } from './alarms.ts';
import { appTemplates, testApp } from './test-app.ts';

/**
 * What watches the product once deployed: every function, queue, schedule group and HTTP API has its
 * alarms, every alarm tells the stage's one topic, and there is one dashboard. The checks go over what
 * the app holds, so a queue, a schedule group or a function added without an alarm fails here.
 */
const built = testApp();
type Resource = { Type: string; Properties: Record<string, unknown> };

const all = appTemplates(built);
const resources = (type: string): Array<[string, Resource, Template]> =>
  all.flatMap((template) =>
    Object.entries(template.findResources(type) as Record<string, Resource>).map(
      ([id, resource]) => [id, resource, template] as [string, Resource, Template],
    ),
  );
const alarms = [...resources('AWS::CloudWatch::Alarm'), ...resources('AWS::CloudWatch::CompositeAlarm')];
const topicId = built.stateful.getLogicalId(built.stateful.alarmTopic.node.defaultChild as never);

type MetricStat = {
  MetricName: string;
  Namespace: string;
  Dimensions?: Array<{ Name: string; Value: unknown }>;
};

/** The metrics an alarm watches, whether it names one metric or several (metric math). */
function metricsOf(alarm: Resource): MetricStat[] {
  if (alarm.Properties.MetricName) return [alarm.Properties as unknown as MetricStat];
  return ((alarm.Properties.Metrics as Array<{ MetricStat?: { Metric: MetricStat } }>) ?? []).flatMap(
    (metric) => (metric.MetricStat ? [metric.MetricStat.Metric] : []),
  );
}

/** The alarms of a template whose metric has this name and a dimension whose value (as JSON) matches. */
function alarmsOn(template: Template, metricName: string, dimension: string, value: RegExp): Resource[] {
  return Object.values(template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>).filter(
    (alarm) =>
      metricsOf(alarm).some(
        (metric) =>
          metric.MetricName === metricName &&
          (metric.Dimensions ?? []).some(
            (entry) => entry.Name === dimension && value.test(JSON.stringify(entry.Value)),
          ),
      ),
  );
}

describe('alarms', () => {
  it('watch every route function, queue consumer and scheduled target: errors and throttles', () => {
    const functions = resources('AWS::Lambda::Function').filter(([, resource]) =>
      String(resource.Properties.FunctionName ?? '').startsWith('cutloom-test-'),
    );
    // The last four: the dead-letter consumer, the locked copy's consumer, the price catalogue seed and the
    // canary account's job (infra/jobs-stack.ts).
    expect(functions).toHaveLength(ROUTES.length + QUEUES.length + SCHEDULED_TARGETS.length + 4);
    for (const [id, resource, template] of functions) {
      const name = resource.Properties.FunctionName as string;
      const self = new RegExp(`^\\{"Ref":"${id}"\\}$`);
      const errors = alarmsOn(template, 'Errors', 'FunctionName', self);
      const throttles = alarmsOn(template, 'Throttles', 'FunctionName', self);
      expect(errors, `${name} errors`).toHaveLength(1);
      expect(throttles, `${name} throttles`).toHaveLength(1);
      const target = SCHEDULED_TARGETS.some((entry) => name === `cutloom-test-${entry.id}`);
      expect(errors[0]?.Properties.Threshold, name).toBe(
        target ? THRESHOLDS.targetErrors.maxErrorCount : THRESHOLDS.functionErrors.maxErrorCount,
      );
    }
  });

  it('watch every queue: a dead-letter queue on its first message, a work queue on its oldest', () => {
    const monitoring = Template.fromStack(built.monitoring);
    const queues = Template.fromStack(built.stateful).findResources('AWS::SQS::Queue') as Record<
      string,
      Resource
    >;
    expect(Object.keys(queues)).toHaveLength(QUEUES.length * 2 + 3);
    for (const [id, queue] of Object.entries(queues)) {
      const imported = new RegExp(`ExportsOutputFnGetAtt${id}QueueName`);
      const deadLetters = alarmsOn(monitoring, 'ApproximateNumberOfMessagesVisible', 'QueueName', imported);
      const oldest = alarmsOn(monitoring, 'ApproximateAgeOfOldestMessage', 'QueueName', imported);
      if (queue.Properties.RedrivePolicy) {
        expect(oldest, id).toHaveLength(1);
        expect(oldest[0]?.Properties.Threshold, id).toBe(THRESHOLDS.queueAge.maxAgeInSeconds);
      } else {
        expect(deadLetters, id).toHaveLength(1);
        expect(deadLetters[0]?.Properties.Threshold, id).toBe(0);
      }
    }
  });

  it('watch every schedule group for schedules dropped or not dead-lettered', () => {
    const monitoring = Template.fromStack(built.monitoring);
    const groups = resources('AWS::Scheduler::ScheduleGroup');
    expect(groups).toHaveLength(1);
    for (const [, group] of groups) {
      const name = new RegExp(`^"${group.Properties.Name}"$`);
      for (const metric of ['InvocationDroppedCount', 'InvocationsFailedToBeSentToDeadLetterCount'])
        expect(alarmsOn(monitoring, metric, 'ScheduleGroup', name), metric).toHaveLength(1);
    }
  });

  it('watch every HTTP API: 5xx rate (with enough requests) and p99 latency', () => {
    const monitoring = Template.fromStack(built.monitoring);
    for (const [service, stack] of Object.entries(built.services)) {
      const api = new RegExp(
        `${stack.stackName}:ExportsOutputRef${stack.getLogicalId(stack.api.node.defaultChild as never)}`,
      );
      expect(alarmsOn(monitoring, '5xx', 'ApiId', api), service).not.toHaveLength(0);
      const latency = alarmsOn(monitoring, 'Latency', 'ApiId', api);
      expect(latency, service).toHaveLength(1);
      expect(JSON.stringify(latency[0]?.Properties.Metrics)).toContain('"Stat":"p99"');
      expect(latency[0]?.Properties.Threshold).toBe(THRESHOLDS.apiLatencyP99.maxLatency.toMilliseconds());
    }
    monitoring.resourcePropertiesCountIs(
      'AWS::CloudWatch::CompositeAlarm',
      { AlarmRule: Match.anyValue() },
      Object.keys(built.services).length,
    );
  });

  it('watch the product metrics by the names and dimensions the functions emit them with', () => {
    const monitoring = Template.fromStack(built.monitoring);
    const dimensions = Object.entries(metricDimensions('test')).map(([Name, Value]) => ({ Name, Value }));
    const watched = (id: keyof typeof PRODUCT_METRICS) =>
      Object.values(monitoring.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>).filter(
        (alarm) =>
          (
            (alarm.Properties.Metrics as Array<{ MetricStat?: { Metric: Record<string, unknown> } }>) ?? []
          ).some(
            (metric) =>
              metric.MetricStat?.Metric.Namespace === METRICS_NAMESPACE &&
              metric.MetricStat.Metric.MetricName === PRODUCT_METRICS[id].name &&
              JSON.stringify(metric.MetricStat.Metric.Dimensions) === JSON.stringify(dimensions),
          ),
      );
    for (const [id, threshold] of [
      ['refundRequired', 0],
      ['planHeld', 0],
      ['confirmationWrongAmount', 0],
      ['signInLockedOut', THRESHOLDS.signInLockOuts.maxErrorCount],
      ['internalError', THRESHOLDS.internalErrors.maxErrorCount],
      ['auditChainBroken', THRESHOLDS.auditChainBroken.maxErrorCount],
    ] as const) {
      const found = watched(id);
      expect(found, id).toHaveLength(1);
      expect(found[0]?.Properties.Threshold, id).toBe(threshold);
    }
    const [declineRate, ...more] = watched('renewalDeclined');
    expect(more).toEqual([]);
    expect(JSON.stringify(declineRate?.Properties.Metrics)).toContain(
      '100 * declined / (charged + declined)',
    );
    expect(watched('renewalCharged')).toEqual([declineRate]);
  });

  it('all tell the one alarm topic of the stage', () => {
    expect(alarms.length).toBeGreaterThan(2 * ROUTES.length);
    for (const [id, alarm] of alarms) {
      const actions = JSON.stringify(alarm.Properties.AlarmActions ?? []);
      // A rate alarm's parts (rate, enough samples) are combined into one composite alarm that notifies.
      if (String(alarm.Properties.AlarmName).match(/-Fault-Rate-Critical(-NoSamples)?$/)) {
        expect(actions, id).toBe('[]');
        continue;
      }
      expect(actions, id).toMatch(new RegExp(`(ExportsOutputRef${topicId}|"Ref":"${topicId}")`));
    }
  });
});

describe('the alarm topic and the dashboard', () => {
  it('is one encrypted topic with the address of the context, and synth warns without one', () => {
    const stateful = Template.fromStack(built.stateful);
    stateful.resourceCountIs('AWS::SNS::Topic', 1);
    stateful.hasResourceProperties('AWS::SNS::Topic', { KmsMasterKeyId: Match.anyValue() });
    stateful.resourceCountIs('AWS::SNS::Subscription', 0);
    Annotations.fromStack(built.stateful).hasWarning('*', Match.stringLikeRegexp('alarmEmail'));
    const withAddress = testApp(undefined, {}, { alarmEmail: 'oncall@cutloom.example' });
    Template.fromStack(withAddress.stateful).hasResourceProperties('AWS::SNS::Subscription', {
      Protocol: 'email',
      Endpoint: 'oncall@cutloom.example',
    });
    Annotations.fromStack(withAddress.stateful).hasNoWarning('*', Match.stringLikeRegexp('alarmEmail'));
  });

  it('is one dashboard for the stage', () => {
    const dashboards = resources('AWS::CloudWatch::Dashboard');
    expect(dashboards.map(([, dashboard]) => dashboard.Properties.DashboardName)).toEqual(['cutloom-test']);
  });
});

describe('every function', () => {
  it('is traced by X-Ray, runs Powertools under the product name, and starts without --enable-source-maps', () => {
    for (const [, fn] of resources('AWS::Lambda::Function').filter(([, resource]) =>
      String(resource.Properties.FunctionName ?? '').startsWith('cutloom-test-'),
    )) {
      expect(fn.Properties.TracingConfig).toEqual({ Mode: 'Active' });
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(variables).toMatchObject({
        POWERTOOLS_SERVICE_NAME: 'cutloom',
        POWERTOOLS_METRICS_NAMESPACE: 'Cutloom',
      });
      expect(variables).not.toHaveProperty('NODE_OPTIONS');
    }
  });
});
