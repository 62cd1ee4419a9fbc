import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  ENVIRONMENT,
  ENVIRONMENT_FAMILIES,
  type FunctionNeed,
  jobNeeds,
  routeNeeds,
} from '../functions/core/environment-variables.ts';
import { routePath, SERVICES } from '../shared/api/define-route.ts';
import { ROUTES } from '../shared/api/routes.ts';
import { DEAD_LETTER_SOURCES, deadLetterArnVariable } from '../shared/attention/dead-letters.ts';
import { TABLE_DESIGN } from '../shared/data/table-design.ts';
import { QUEUES, queueUrlVariable } from '../shared/jobs/queues.ts';
import {
  RENEWAL_REMINDER_TARGET,
  RENEWAL_TARGET,
  SCHEDULED_TARGETS,
  scheduledTargetArnVariable,
} from '../shared/jobs/schedules.ts';
import { ROUTE_TIMEOUT_SECONDS } from '../shared/timeouts.ts';
import { appTemplates, PAYMENT_CONTEXT, testApp } from './test-app.ts';

const built = testApp();
const stateful = Template.fromStack(built.stateful);

/** The resources of a stack and of its nested stacks. */
function resourcesOf(stack: (typeof built.services)[keyof typeof built.services]) {
  const nested = stack.node.children.filter((child) => 'nestedStackResource' in child);
  return [Template.fromStack(stack), ...nested.map((child) => Template.fromStack(child as never))];
}

describe('stateful stack', () => {
  it('streams analytics events to an encrypted, retained bucket as gzip files', () => {
    stateful.hasResourceProperties('AWS::KinesisFirehose::DeliveryStream', {
      DeliveryStreamEncryptionConfigurationInput: { KeyType: 'AWS_OWNED_CMK' },
      ExtendedS3DestinationConfiguration: Match.objectLike({
        CompressionFormat: 'GZIP',
        Prefix: 'events/!{timestamp:yyyy/MM/dd}/',
      }),
    });
    stateful.hasResource('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 730 })] },
      }),
    });
  });

  it('builds the one table from TABLE_DESIGN, retained, protected and recoverable', () => {
    stateful.hasResource('AWS::DynamoDB::GlobalTable', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        KeySchema: [
          { AttributeName: TABLE_DESIGN.partitionKey, KeyType: 'HASH' },
          { AttributeName: TABLE_DESIGN.sortKey, KeyType: 'RANGE' },
        ],
        GlobalSecondaryIndexes: TABLE_DESIGN.globalIndexes.map((index) =>
          Match.objectLike({
            IndexName: index.indexName,
            KeySchema: [
              { AttributeName: index.partitionKey, KeyType: 'HASH' },
              { AttributeName: index.sortKey, KeyType: 'RANGE' },
            ],
          }),
        ),
        TimeToLiveSpecification: { AttributeName: TABLE_DESIGN.timeToLiveAttribute, Enabled: true },
        Replicas: [
          Match.objectLike({
            DeletionProtectionEnabled: true,
            PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
          }),
        ],
      }),
    });
  });

  it('gives every bulk queue a dead-letter queue with the declared redrive', () => {
    // Each bulk queue and its dead-letter queue, the two dead-letter queues of scheduled runs and the
    // locked copy's failures.
    stateful.resourceCountIs('AWS::SQS::Queue', QUEUES.length * 2 + 3);
    for (const queue of QUEUES) {
      stateful.hasResourceProperties('AWS::SQS::Queue', {
        VisibilityTimeout: queue.visibilityTimeoutSeconds,
        RedrivePolicy: Match.objectLike({ maxReceiveCount: queue.maxReceiveCount }),
      });
    }
  });

  it('keeps buckets private, encrypted, versioned and retained', () => {
    // Every bucket here holds data (feedback files, cloud projects, analytics events, access logs): a
    // deleted or overwritten object can be recovered; old versions expire so they do not pile up.
    stateful.allResources('AWS::S3::Bucket', {
      DeletionPolicy: 'Retain',
      Properties: Match.objectLike({
        PublicAccessBlockConfiguration: {
          BlockPublicAcls: true,
          BlockPublicPolicy: true,
          IgnorePublicAcls: true,
          RestrictPublicBuckets: true,
        },
        VersioningConfiguration: { Status: 'Enabled' },
      }),
    });
  });

  it('backs the table up every month and keeps each backup five years, in a retained vault', () => {
    // Point-in-time recovery covers 35 days; payment and contract records must be kept five years
    // (전자상거래법 시행령 제6조), so a month's copy is kept that long, beyond a bug that deletes quietly.
    stateful.hasResource('AWS::Backup::BackupVault', { DeletionPolicy: 'Retain' });
    stateful.hasResourceProperties('AWS::Backup::BackupPlan', {
      BackupPlan: Match.objectLike({
        BackupPlanRule: [
          Match.objectLike({
            ScheduleExpression: 'cron(0 18 L * ? *)',
            Lifecycle: { DeleteAfterDays: 1827 },
          }),
        ],
      }),
    });
    const tableId = built.stateful.getLogicalId(built.stateful.table.node.defaultChild as never);
    stateful.hasResourceProperties('AWS::Backup::BackupSelection', {
      BackupSelection: Match.objectLike({ Resources: [{ 'Fn::GetAtt': [tableId, 'Arn'] }] }),
    });
  });
});

describe('service stacks', () => {
  /** Each route function's place as CloudFormation keys it: `{nested stack}/{logical id}`. */
  const functionPlaces = (app: ReturnType<typeof testApp>) =>
    SERVICES.flatMap((service) =>
      app.services[service].node.children
        .filter((child) => 'nestedStackResource' in child)
        .flatMap((child) =>
          Object.keys(Template.fromStack(child as never).findResources('AWS::Lambda::Function')).map(
            (logicalId) => `${service}/${child.node.id}/${logicalId}`,
          ),
        ),
    ).sort();

  it("names each route's Lambda after the route, so that moving its handler module replaces nothing", () => {
    // Every route handled by another route's module: the files move, the resources must not.
    const moved = testApp(
      ROUTES.map((route, index) => ({
        ...route,
        handler: ROUTES[(index + 1) % ROUTES.length]?.handler ?? '',
      })),
    );
    expect(functionPlaces(moved)).toEqual(functionPlaces(built));
    expect(functionPlaces(built)).toHaveLength(ROUTES.length);
  });

  it.each(SERVICES)(
    'the %s stack has one Node 22 function and one route per route of the table',
    (service) => {
      const templates = resourcesOf(built.services[service]);
      const routes = ROUTES.filter((route) => route.service === service);
      const routeKeys = templates.flatMap((template) =>
        Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map(
          (resource) => resource.Properties.RouteKey,
        ),
      );
      expect(routeKeys.sort()).toEqual(routes.map((route) => `${route.method} ${routePath(route)}`).sort());
      const functions = templates.flatMap((template) =>
        Object.values(template.findResources('AWS::Lambda::Function')),
      );
      expect(functions).toHaveLength(routes.length);
      for (const fn of functions) {
        expect(fn.Properties.Runtime).toBe('nodejs22.x');
        expect(fn.Properties.Timeout).toBe(ROUTE_TIMEOUT_SECONDS);
      }
    },
  );

  it('gives the token secret only to user and admin routes and token signers, and write access only to writing routes', () => {
    const templates = SERVICES.flatMap((service) => resourcesOf(built.services[service]));
    const functions = templates.flatMap((template) =>
      Object.entries(template.findResources('AWS::Lambda::Function')),
    );
    const policies = templates.flatMap((template) =>
      Object.values(template.findResources('AWS::IAM::Policy')),
    );
    for (const route of ROUTES) {
      // Exactly the route's function: a route name may be the prefix of another's (cancelPayment, cancelPaymentUser).
      const entry = functions.find(([logicalId]) => new RegExp(`^${route.name}[0-9A-F]{8}$`).test(logicalId));
      expect(entry, route.name).toBeDefined();
      const env = entry?.[1].Properties.Environment.Variables ?? {};
      expect('ID_TOKEN_SECRET_ARN' in env, route.name).toBe(
        route.caller === 'user' || route.caller === 'admin' || Boolean(route.grants?.includes('token:sign')),
      );
      expect(entry?.[1].Properties.MemorySize, route.name).toBe(route.memoryMb ?? 512);
      const actions = policies
        .filter((policy) =>
          new RegExp(`"${route.name}ServiceRole[0-9A-F]{8}"`).test(JSON.stringify(policy.Properties.Roles)),
        )
        .flatMap((policy) =>
          policy.Properties.PolicyDocument.Statement.flatMap(
            (statement: { Action: string | string[] }) => statement.Action,
          ),
        );
      expect(actions.includes('dynamodb:PutItem'), route.name).toBe(
        Boolean(route.grants?.includes('table:write')),
      );
      expect(actions.includes('dynamodb:Scan'), route.name).toBe(false);
      expect(actions.includes('ses:SendEmail'), route.name).toBe(
        Boolean(route.grants?.includes('mail:send')),
      );
      if (route.grants?.includes('mail:send')) {
        expect(env, route.name).toHaveProperty('MAIL_FROM');
        expect(env, route.name).toHaveProperty('SITE_URL');
      }
      expect(actions.includes('firehose:PutRecordBatch'), route.name).toBe(
        Boolean(route.grants?.includes('analytics:put')),
      );
      expect('ANALYTICS_STREAM_NAME' in env, route.name).toBe(
        Boolean(route.grants?.includes('analytics:put')),
      );
    }
  });
});

describe('jobs stack', () => {
  const jobs = Template.fromStack(built.jobs);
  it('consumes each queue with its batch size and partial batch failures', () => {
    for (const queue of QUEUES) {
      jobs.hasResourceProperties('AWS::Lambda::EventSourceMapping', {
        BatchSize: queue.messagesPerInvocation,
        FunctionResponseTypes: ['ReportBatchItemFailures'],
      });
    }
    // And one per dead-letter queue, read by the dead-letter consumer (jobs-stack.test.ts), and the
    // table's stream, read by the locked copy's consumer.
    jobs.resourceCountIs('AWS::Lambda::EventSourceMapping', QUEUES.length + DEAD_LETTER_SOURCES.length + 1);
  });
  it('lets each scheduled target that schedules schedule the next run (group, role, target ARNs, scheduler actions)', () => {
    for (const target of SCHEDULED_TARGETS.filter((one) => one.grants?.includes('scheduler'))) {
      jobs.hasResourceProperties('AWS::Lambda::Function', {
        FunctionName: `cutloom-test-${target.id}`,
        Environment: {
          Variables: Match.objectLike({
            SCHEDULE_GROUP_NAME: Match.anyValue(),
            SCHEDULER_ROLE_ARN: Match.anyValue(),
            [scheduledTargetArnVariable(target.id)]: Match.anyValue(),
          }),
        },
      });
    }
    jobs.hasResourceProperties('AWS::IAM::Policy', {
      PolicyDocument: {
        Statement: Match.arrayWith([
          Match.objectLike({
            Action: Match.arrayWith(['scheduler:CreateSchedule', 'scheduler:DeleteSchedule']),
          }),
          Match.objectLike({ Action: 'iam:PassRole' }),
        ]),
      },
    });
  });
  /** A target's environment variable names and the actions its role's policies allow. */
  function targetAccess(id: string): { variables: string[]; actions: string } {
    const target = Object.entries(jobs.findResources('AWS::Lambda::Function')).find(
      ([, resource]) => resource.Properties.FunctionName === `cutloom-test-${id}`,
    );
    expect(target).toBeDefined();
    const [, resource] = target as [
      string,
      { Properties: { Environment: { Variables: object }; Role: { 'Fn::GetAtt': [string, string] } } },
    ];
    const role = resource.Properties.Role['Fn::GetAtt'][0];
    const policies = Object.values(jobs.findResources('AWS::IAM::Policy')).filter((policy) =>
      (policy.Properties.Roles as Array<{ Ref: string }>).some((ref) => ref.Ref === role),
    );
    return {
      variables: Object.keys(resource.Properties.Environment.Variables),
      actions: JSON.stringify(policies.map((policy) => policy.Properties.PolicyDocument.Statement)),
    };
  }
  it("gives the renewal target what its grants name: the provider's secrets, the site and mail sender, SES", () => {
    const { variables, actions } = targetAccess(RENEWAL_TARGET.id);
    expect(variables).toEqual(
      expect.arrayContaining(['PORTONE_SECRET_ARN', 'NAVER_PAY_SECRET_ARN', 'SITE_URL', 'MAIL_FROM']),
    );
    expect(actions).toContain('ses:SendEmail');
    expect(actions).toContain('secretsmanager:GetSecretValue');
  });
  it('gives the renewal reminder target the site, the mail sender, SES and the 알림톡, and nothing of payments or schedules', () => {
    const { variables, actions } = targetAccess(RENEWAL_REMINDER_TARGET.id);
    expect(variables).toEqual(
      expect.arrayContaining(['SITE_URL', 'MAIL_FROM', 'ALIMTALK_SECRET_ARN', 'COOLSMS_SECRET_ARN']),
    );
    expect(variables).not.toContain('PORTONE_SECRET_ARN');
    expect(variables).not.toContain('NAVER_PAY_SECRET_ARN');
    expect(variables).not.toContain('SCHEDULER_ROLE_ARN');
    expect(actions).toContain('ses:SendEmail');
    expect(actions).not.toContain('scheduler:CreateSchedule');
  });
  it('has a schedule group and a role the scheduler assumes', () => {
    jobs.resourceCountIs('AWS::Scheduler::ScheduleGroup', 1);
    jobs.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({
        Statement: [Match.objectLike({ Principal: { Service: 'scheduler.amazonaws.com' } })],
      }),
    });
  });
});

describe('web stack', () => {
  const web = Template.fromStack(built.web);
  it('serves a private bucket through origin access control with the SPA functions and security headers', () => {
    web.resourceCountIs('AWS::CloudFront::OriginAccessControl', 1);
    web.hasResourceProperties('AWS::CloudFront::Distribution', {
      DistributionConfig: Match.objectLike({
        DefaultRootObject: 'index.html',
        DefaultCacheBehavior: Match.objectLike({
          FunctionAssociations: [
            Match.objectLike({ EventType: 'viewer-request' }),
            Match.objectLike({ EventType: 'viewer-response' }),
          ],
          ResponseHeadersPolicyId: Match.anyValue(),
        }),
        CustomErrorResponses: Match.absent(),
      }),
    });
    web.hasResourceProperties('AWS::CloudFront::ResponseHeadersPolicy', {
      ResponseHeadersPolicyConfig: Match.objectLike({
        SecurityHeadersConfig: Match.objectLike({
          StrictTransportSecurity: Match.objectLike({ Preload: true, IncludeSubdomains: true }),
          FrameOptions: Match.objectLike({ FrameOption: 'DENY' }),
        }),
      }),
    });
  });
  it('puts each service prefix on the same distribution, uncached', () => {
    const [distribution] = Object.values(web.findResources('AWS::CloudFront::Distribution'));
    const patterns = distribution?.Properties.DistributionConfig.CacheBehaviors.map(
      (behavior: { PathPattern: string }) => behavior.PathPattern,
    );
    expect(patterns.sort()).toEqual(SERVICES.map((service) => `/${service}/*`).sort());
  });
});

describe('every Lambda of the stacks', () => {
  it('is given only variables settings.ts declares, and none only one machine sets', () => {
    const templates = [
      ...SERVICES.flatMap((service) => resourcesOf(built.services[service])),
      Template.fromStack(built.jobs),
    ];
    const given = new Set(
      templates.flatMap((template) =>
        Object.values(template.findResources('AWS::Lambda::Function')).flatMap((resource) =>
          Object.keys(resource.Properties?.Environment?.Variables ?? {}),
        ),
      ),
    );
    const declared = ENVIRONMENT as Record<string, { localOnly?: true }>;
    const undeclared = [...given].filter(
      (name) =>
        !Object.hasOwn(declared, name) &&
        !Object.keys(ENVIRONMENT_FAMILIES).some((prefix) => name.startsWith(prefix)),
    );
    expect(undeclared).toEqual([]);
    expect([...given].filter((name) => declared[name]?.localOnly)).toEqual([]);
    expect(given.size).toBeGreaterThan(5);
  });

  it('is given exactly the variables the declaration calls for by its needs', () => {
    // Every setting in the context, so that no variable is left out for want of one.
    const full = testApp(undefined, { payments: PAYMENT_CONTEXT });
    const familyNames: Record<string, string[]> = {
      QUEUE_URL_: QUEUES.map((queue) => queueUrlVariable(queue.id)),
      SCHEDULE_TARGET_ARN_: SCHEDULED_TARGETS.map((target) => scheduledTargetArnVariable(target.id)),
      DEAD_LETTER_ARN_: DEAD_LETTER_SOURCES.map((source) => deadLetterArnVariable(source.id)),
    };
    const declared = { ...ENVIRONMENT, ...ENVIRONMENT_FAMILIES } as Record<
      string,
      { for?: readonly FunctionNeed[] }
    >;
    const expected = (needs: Set<FunctionNeed>) =>
      Object.entries(declared)
        .filter(([, variable]) => variable.for?.some((need) => needs.has(need)))
        .flatMap(([name]) => familyNames[name] ?? [name])
        .sort();
    const needsOf = (logicalId: string, functionName: string): Set<FunctionNeed> | undefined => {
      const route = ROUTES.find((one) => new RegExp(`^${one.name}[0-9A-F]{8}$`).test(logicalId));
      if (route) return routeNeeds(route);
      if (QUEUES.some((queue) => functionName === `cutloom-test-${queue.id}-consumer`)) return jobNeeds({});
      if (functionName === 'cutloom-test-dead-letters-consumer') return jobNeeds({}, 'dead-letter-consumer');
      if (functionName === 'cutloom-test-archive-records') return jobNeeds({}, 'record-archive');
      if (functionName === 'cutloom-test-seed-price-catalogues') return jobNeeds({});
      if (functionName === 'cutloom-test-ensure-canary-account') return jobNeeds({}, 'canary-account');
      const target = SCHEDULED_TARGETS.find((one) => functionName === `cutloom-test-${one.id}`);
      return target && jobNeeds(target);
    };
    const functions = appTemplates(full).flatMap((template) =>
      Object.entries(template.findResources('AWS::Lambda::Function')).filter(([, resource]) =>
        String(resource.Properties.FunctionName ?? '').startsWith('cutloom-test-'),
      ),
    );
    // The routes, the queues' consumers, the scheduled targets, the dead-letter consumer, the price seed, the
    // locked copy's writer and the canary account's maker.
    expect(functions.length).toBe(ROUTES.length + QUEUES.length + SCHEDULED_TARGETS.length + 4);
    for (const [logicalId, resource] of functions) {
      const needs = needsOf(logicalId, resource.Properties.FunctionName);
      expect(needs, `${logicalId}: a function whose needs this test does not know`).toBeDefined();
      const given = Object.keys(resource.Properties.Environment?.Variables ?? {}).sort();
      expect(given, logicalId).toEqual(expected(needs ?? new Set()));
    }
  });
});
