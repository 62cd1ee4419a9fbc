import { join } from 'node:path';
import { Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { type NodejsFunctionProps, OutputFormat } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct, IConstruct } from 'constructs';
import { DEFAULT_MEMORY_MB } from '../shared/api/define-route.ts';
import { AUDIT_PARTITION_PREFIX } from '../shared/audit/audit-trail.ts';
import { TABLE_DESIGN } from '../shared/data/table-design.ts';
import { SCHEDULE_DEAD_LETTER_ARN_VARIABLE } from '../shared/jobs/schedules.ts';
import { ROUTE_TIMEOUT_SECONDS } from '../shared/timeouts.ts';
import { accountInFinding } from './nag-findings.ts';

export const repoRoot = join(import.meta.dirname, '..');

/**
 * The esbuild settings of every Lambda bundle, also used by the benchmark (scripts/bench) so that it
 * measures what is deployed. The AWS SDK is bundled too (no external modules): the version is the
 * one the lock file pins and tests ran against, and a minified tree-shaken client initialises faster
 * than the runtime's copy.
 */
export const LAMBDA_BUNDLE = {
  format: 'esm',
  target: 'node22',
  minify: true,
  mainFields: ['module', 'main'],
  banner: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);",
} as const;

/** A function's name: `cutloom-{stage}-{name}`, what alarms, traces and the dashboard show. */
export function productFunctionName(stage: string, name: string): string {
  return `cutloom-${stage}-${name}`;
}

/**
 * Every Lambda of the product: Node 22 on ARM, one minified ESM bundle per handler made by the local
 * esbuild (never Docker), X-Ray active tracing, the environment infra/function-environment.ts builds
 * (Powertools' settings among it), an explicit log group kept one month; a route's timeout
 * (shared/timeouts.ts) unless the function sets its own. No `--enable-source-maps`: it makes every
 * cold start and every error slower (`npm run bench` prints by how much); the bundle's source map is
 * kept beside it, for reading a stack trace of the minified code offline.
 */
export function functionProps(
  scope: Construct,
  id: string,
  entry: string,
  environment: Record<string, string> & { STAGE: string },
): NodejsFunctionProps {
  return {
    functionName: productFunctionName(environment.STAGE, id),
    entry: join(repoRoot, entry),
    handler: 'handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: DEFAULT_MEMORY_MB,
    timeout: Duration.seconds(ROUTE_TIMEOUT_SECONDS),
    depsLockFilePath: join(repoRoot, 'package-lock.json'),
    projectRoot: repoRoot,
    environment,
    tracing: Tracing.ACTIVE,
    // Lambda's own naming, so that Logs Insights finds a stage's functions by the prefix /aws/lambda/cutloom-{stage}-.
    logGroup: new LogGroup(scope, `${id}Logs`, {
      logGroupName: `/aws/lambda/${productFunctionName(environment.STAGE, id)}`,
      retention: RetentionDays.ONE_MONTH,
    }),
    bundling: {
      format: OutputFormat.ESM,
      mainFields: [...LAMBDA_BUNDLE.mainFields],
      target: LAMBDA_BUNDLE.target,
      minify: LAMBDA_BUNDLE.minify,
      banner: LAMBDA_BUNDLE.banner,
      externalModules: [],
      // Positions only, without a copy of the sources (a third of the size): enough to map a stack offline.
      sourceMap: true,
      sourcesContent: false,
      forceDockerBundling: false,
    },
  };
}

/** The findings every product Lambda carries, acknowledged once with their reasons. */
export function acknowledgeFunctionFindings(fn: IConstruct): void {
  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]',
    reason: 'The basic execution role only lets the function write its own CloudWatch logs.',
  });
  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-L1',
    reason:
      'The product runs on Node.js 22 (the runtime the issue and the local toolchain are pinned to); moving up is a deliberate upgrade.',
  });
  Validations.of(fn).acknowledge({
    id: 'AwsSolutions-IAM5[Resource::*]',
    reason:
      'X-Ray active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords take no resource (the grant aws-cdk-lib makes for Tracing.ACTIVE).',
  });
}

const TABLE_READ = [
  'dynamodb:GetItem',
  'dynamodb:BatchGetItem',
  'dynamodb:Query',
  'dynamodb:ConditionCheckItem',
  'dynamodb:DescribeTable',
];
const TABLE_WRITE = [
  'dynamodb:PutItem',
  'dynamodb:UpdateItem',
  'dynamodb:DeleteItem',
  'dynamodb:BatchWriteItem',
];

/**
 * Table access without wildcards: the table and each GSI of TABLE_DESIGN by name, and never Scan
 * (every list is a Query on a key or a GSI).
 */
export function grantTable(fn: IFunction, table: ITableV2, access: 'read' | 'write'): void {
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: access === 'write' ? [...TABLE_READ, ...TABLE_WRITE] : TABLE_READ,
      resources: [
        table.tableArn,
        ...TABLE_DESIGN.globalIndexes.map((index) => `${table.tableArn}/index/${index.indexName}`),
      ],
    }),
  );
  // The audit trail is appended to, never edited nor removed (issue 27): whatever a function's code does,
  // DynamoDB refuses it an update or a delete of an audit entry (a transaction's items are authorised
  // action by action, so this holds inside TransactWriteItems too).
  if (access === 'write')
    fn.addToRolePolicy(
      new PolicyStatement({
        effect: Effect.DENY,
        actions: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
        resources: [table.tableArn],
        conditions: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${AUDIT_PARTITION_PREFIX}*`] } },
      }),
    );
}

/** Where the product's schedules live, as the functions that make them need to know it. */
export interface SchedulerAccess {
  /** A plain name (no token), so that every stack formats the same schedule ARNs without an import. */
  groupName: string;
  roleArn: string;
  /** The queue each schedule names as its dead-letter queue. */
  deadLetterArn: string;
}

/** The variables the scheduler adapter (functions/core/adapters/scheduler.ts) reads. */
export function schedulerEnvironment(scheduler: SchedulerAccess): Record<string, string> {
  return {
    SCHEDULE_GROUP_NAME: scheduler.groupName,
    SCHEDULER_ROLE_ARN: scheduler.roleArn,
    [SCHEDULE_DEAD_LETTER_ARN_VARIABLE]: scheduler.deadLetterArn,
  };
}

/**
 * Lets a function make, read and delete schedules of the product's group and hand the scheduler its
 * role. Schedules are named at run time (one per pending run), hence the wildcard within the group. The
 * ARN is formatted in the function's own stack, so the finding (and its acknowledgement) reads the same
 * in the jobs stack and in the service stacks.
 */
export function grantScheduling(fn: IFunction & IConstruct, scheduler: SchedulerAccess): void {
  const schedules = `schedule/${scheduler.groupName}/*`;
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: [
        'scheduler:CreateSchedule',
        'scheduler:UpdateSchedule',
        'scheduler:DeleteSchedule',
        'scheduler:GetSchedule',
      ],
      resources: [Stack.of(fn).formatArn({ service: 'scheduler', resource: schedules })],
    }),
  );
  fn.addToRolePolicy(new PolicyStatement({ actions: ['iam:PassRole'], resources: [scheduler.roleArn] }));
  Validations.of(fn).acknowledge({
    id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:scheduler:${Stack.of(fn).region}:${accountInFinding(fn)}:${schedules}]`,
    reason:
      'Schedules are named at run time (one per pending run); the grant is limited to the schedules of the product’s own group.',
  });
}

/** The address of a sender such as `Cutloom <no-reply@cutloom.app>`. */
export function senderAddress(mailFrom: string): string {
  return (/<([^>]+)>/.exec(mailFrom)?.[1] ?? mailFrom).trim();
}

/** Lets a function send mail as the product's sender: its address, and its domain when the domain is what SES verified. */
export function grantMail(fn: IFunction & IConstruct, mailFrom: string): void {
  const sender = senderAddress(mailFrom);
  const identities = [sender, sender.slice(sender.indexOf('@') + 1)];
  fn.addToRolePolicy(
    new PolicyStatement({
      actions: ['ses:SendEmail'],
      resources: identities.map((identity) =>
        Stack.of(fn).formatArn({ service: 'ses', resource: 'identity', resourceName: identity }),
      ),
    }),
  );
}
