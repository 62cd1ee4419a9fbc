import type { CfnElement } from 'aws-cdk-lib';
import { Match, Template } from 'aws-cdk-lib/assertions';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import { describe, expect, it } from 'vitest';
import {
  DEAD_LETTER_BATCH_SIZE,
  DEAD_LETTER_SOURCES,
  deadLetterArnVariable,
} from '../shared/attention/dead-letters.ts';
import { QUEUES, SQS_LIMITS } from '../shared/jobs/queues.ts';
import {
  SCHEDULE_DEAD_LETTER_ARN_VARIABLE,
  SCHEDULED_TARGETS,
  SCHEDULER_NAME_PATTERN,
  TARGET_ASYNC_RETRIES,
} from '../shared/jobs/schedules.ts';
import { scheduleGroupName } from './jobs-stack.ts';
import { testApp } from './test-app.ts';

/**
 * The queues and schedules as AWS will run them: the figures the local stand-ins copy
 * (shared/jobs/queues.ts, shared/jobs/schedules.ts) are the ones deployed, and nothing that fails is lost
 * without a dead-letter queue to keep it.
 */
const built = testApp();
const stateful = Template.fromStack(built.stateful);
const jobs = Template.fromStack(built.jobs);

type Resource = { Properties: Record<string, unknown>; DeletionPolicy?: string };
/** A stateful queue's logical id: what the jobs and service stacks' imports name. */
const queueId = (queue: Queue) => built.stateful.getLogicalId(queue.node.defaultChild as CfnElement);

describe('bulk-job queues', () => {
  it('are declared with at least 5 receives and a visibility timeout six times the consumer timeout', () => {
    for (const queue of QUEUES) {
      expect(queue.maxReceiveCount, queue.id).toBeGreaterThanOrEqual(5);
      expect(queue.visibilityTimeoutSeconds, queue.id).toBeGreaterThanOrEqual(
        6 * queue.consumerTimeoutSeconds,
      );
      expect(queue.maxConcurrency, queue.id).toBeGreaterThanOrEqual(2);
    }
  });

  it('are created with the declared redrive to a dead-letter queue, visibility and maximum message size', () => {
    for (const queue of QUEUES) {
      stateful.hasResourceProperties('AWS::SQS::Queue', {
        VisibilityTimeout: queue.visibilityTimeoutSeconds,
        MaximumMessageSize: SQS_LIMITS.messageBytes,
        RedrivePolicy: Match.objectLike({
          maxReceiveCount: queue.maxReceiveCount,
          deadLetterTargetArn: Match.anyValue(),
        }),
      });
    }
  });

  it('are consumed with the declared batch size, concurrency and consumer timeout', () => {
    for (const queue of QUEUES) {
      jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        BatchSize: queue.messagesPerInvocation,
        ScalingConfig: { MaximumConcurrency: queue.maxConcurrency },
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
      jobs.hasResourceProperties('AWS::Lambda::Function', {
        Description: `Consumer of the ${queue.id} queue`,
        Timeout: queue.consumerTimeoutSeconds,
      });
    }
  });
});

describe('scheduled runs', () => {
  it('put their schedules in a group whose name the scheduler accepts', () => {
    const groups = Object.values(
      jobs.findResources('AWS::Scheduler::ScheduleGroup') as Record<string, Resource>,
    );
    expect(groups.map((group) => group.Properties.Name)).toEqual([built.jobs.schedulerAccess.groupName]);
    for (const stage of ['local', 'dev', 'release'])
      expect(scheduleGroupName(stage)).toMatch(SCHEDULER_NAME_PATTERN);
  });

  it('have two retained dead-letter queues: undelivered events and runs that kept failing', () => {
    const queues = stateful.findResources('AWS::SQS::Queue') as Record<string, Resource>;
    for (const queue of [built.stateful.scheduleDeadLetters, built.stateful.scheduledRunFailures]) {
      expect(queues[queueId(queue)]).toMatchObject({
        DeletionPolicy: 'Retain',
        Properties: { MessageRetentionPeriod: 14 * 86_400, SqsManagedSseEnabled: true },
      });
    }
  });

  it("let the scheduler's role send to the schedules' dead-letter queue, which every scheduling function names", () => {
    const dlq = queueId(built.stateful.scheduleDeadLetters);
    const roleId = built.jobs.getLogicalId(built.jobs.schedulerRole.node.defaultChild as CfnElement);
    const policies = Object.values(jobs.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter(
      (policy) => JSON.stringify(policy.Properties.Roles).includes(`"${roleId}"`),
    );
    const statements = JSON.stringify(policies.map((policy) => policy.Properties.PolicyDocument));
    expect(statements).toContain('sqs:SendMessage');
    expect(statements).toContain(dlq);

    const schedulers = [
      ...Object.values(jobs.findResources('AWS::Lambda::Function') as Record<string, Resource>),
      ...Object.values(built.services).flatMap((stack) =>
        [stack, ...stack.node.children.filter((child) => 'nestedStackResource' in child)].flatMap((scope) =>
          Object.values(
            Template.fromStack(scope as never).findResources('AWS::Lambda::Function') as Record<
              string,
              Resource
            >,
          ),
        ),
      ),
    ].filter((fn) => JSON.stringify(fn.Properties.Environment ?? {}).includes('SCHEDULE_GROUP_NAME'));
    // The renewal and admin-schedule targets, and the routes that schedule.
    expect(schedulers.length).toBeGreaterThan(SCHEDULED_TARGETS.length);
    for (const fn of schedulers) {
      const variables = (fn.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
      expect(JSON.stringify(variables[SCHEDULE_DEAD_LETTER_ARN_VARIABLE])).toContain(dlq);
    }
  });

  it("keep Lambda's two retries for every target and send what still fails to the failures queue", () => {
    const failures = queueId(built.stateful.scheduledRunFailures);
    const configs = Object.values(
      jobs.findResources('AWS::Lambda::EventInvokeConfig') as Record<string, Resource>,
    );
    expect(configs).toHaveLength(SCHEDULED_TARGETS.length);
    for (const config of configs) {
      expect(config.Properties).toMatchObject({
        MaximumRetryAttempts: TARGET_ASYNC_RETRIES.retryAttempts,
        MaximumEventAgeInSeconds: TARGET_ASYNC_RETRIES.maxEventAgeSeconds,
      });
      expect(JSON.stringify(config.Properties.DestinationConfig)).toContain(failures);
    }
  });
});

describe('dead letters', () => {
  it('are each read by the dead-letter consumer, which is told which queue is which', () => {
    const consumers = jobs.findResources('AWS::Lambda::Function', {
      Properties: { FunctionName: 'cutloom-test-dead-letters-consumer' },
    });
    const [consumerId, consumer] = Object.entries(consumers)[0] ?? [];
    expect(consumerId).toBeDefined();
    const variables = (consumer?.Properties.Environment.Variables ?? {}) as Record<string, unknown>;
    const mappings = Object.values(
      jobs.findResources('AWS::Lambda::EventSourceMapping', {
        Properties: { FunctionName: { Ref: consumerId } },
      }),
    );
    expect(mappings).toHaveLength(DEAD_LETTER_SOURCES.length);
    const mapped = mappings.map((mapping) => JSON.stringify(mapping.Properties.EventSourceArn));
    for (const source of DEAD_LETTER_SOURCES) {
      const arn = JSON.stringify(variables[deadLetterArnVariable(source.id)]);
      expect(mapped, source.id).toContain(arn);
      expect(
        mappings.find((mapping) => JSON.stringify(mapping.Properties.EventSourceArn) === arn),
      ).toMatchObject({
        Properties: { BatchSize: DEAD_LETTER_BATCH_SIZE, FunctionResponseTypes: ['ReportBatchItemFailures'] },
      });
    }
    expect(new Set(mapped).size).toBe(DEAD_LETTER_SOURCES.length);
  });
});

describe('price catalogues', () => {
  const seederName = 'cutloom-test-seed-price-catalogues';
  const functions = jobs.findResources('AWS::Lambda::Function') as Record<string, Resource>;
  const seederId = Object.keys(functions).find((id) => functions[id]?.Properties.FunctionName === seederName);

  it('are written by a function that a trigger runs on deployment, after the table exists', () => {
    expect(seederId, seederName).toBeDefined();
    const versions = jobs.findResources('AWS::Lambda::Version', {
      Properties: { FunctionName: { Ref: seederId } },
    });
    // The trigger names the function's current version, so a new bundle (a changed price book) runs it again.
    const triggers = Object.values(jobs.findResources('Custom::Trigger') as Record<string, Resource>).filter(
      (trigger) =>
        JSON.stringify(trigger.Properties.HandlerArn) === JSON.stringify({ Ref: Object.keys(versions)[0] }),
    );
    expect(triggers).toHaveLength(1);
    const trigger = built.jobs.node.findChild('SeedPriceCataloguesTrigger');
    expect(trigger.node.dependencies).toContain(built.stateful.table);
    expect(built.jobs.dependencies).toContain(built.stateful);
  });

  // Its environment is checked against the declaration with every other function's (stacks.test.ts).
  it('are written with a grant on the table, never a Scan', () => {
    const seeder = functions[seederId ?? ''];
    if (!seeder) throw new Error(`${seederName} is not in the jobs stack`);
    const role = (seeder.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const policies = Object.values(jobs.findResources('AWS::IAM::Policy') as Record<string, Resource>).filter(
      (policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: role }]),
    );
    const actions = JSON.stringify(policies.map((policy) => policy.Properties.PolicyDocument));
    expect(actions).toContain('dynamodb:PutItem');
    expect(actions).not.toContain('dynamodb:Scan');
  });
});

describe('the finance preparation', () => {
  const functions = jobs.findResources('AWS::Lambda::Function') as Record<string, Resource>;
  const name = 'cutloom-test-prepare-finance';
  const id = Object.keys(functions).find((key) => functions[key]?.Properties.FunctionName === name);
  const policiesOf = (functionId: string) => {
    const fn = functions[functionId];
    if (!fn) throw new Error(`No function ${functionId}`);
    const role = (fn.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    return JSON.stringify(
      Object.values(jobs.findResources('AWS::IAM::Policy') as Record<string, Resource>)
        .filter((policy) => JSON.stringify(policy.Properties.Roles) === JSON.stringify([{ Ref: role }]))
        .map((policy) => policy.Properties.PolicyDocument),
    );
  };

  it('runs on deployment, after the scheduled targets exist, whenever its code changes', () => {
    expect(id, name).toBeDefined();
    const versions = jobs.findResources('AWS::Lambda::Version', {
      Properties: { FunctionName: { Ref: id } },
    });
    const triggers = Object.values(jobs.findResources('Custom::Trigger') as Record<string, Resource>).filter(
      (trigger) =>
        JSON.stringify(trigger.Properties.HandlerArn) === JSON.stringify({ Ref: Object.keys(versions)[0] }),
    );
    expect(triggers).toHaveLength(1);
    const trigger = built.jobs.node.findChild('PrepareFinanceTrigger');
    expect(trigger.node.dependencies).toContain(built.jobs.scheduleGroup);
  });

  it('is the only function that may Scan, and only the table', () => {
    const scanners = Object.keys(functions).filter((key) => policiesOf(key).includes('dynamodb:Scan'));
    expect(scanners).toEqual([id]);
    expect(policiesOf(id ?? '')).not.toMatch(/"dynamodb:Scan"[^\]]*index/);
  });
});
