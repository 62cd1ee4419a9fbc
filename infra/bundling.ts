import { copyFileSync, existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { AssetHashType, DockerImage, Duration, Stack, Validations } from 'aws-cdk-lib';
import type { ITableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Effect, PolicyStatement } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { Architecture, Code, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunctionProps } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import type { Construct, IConstruct } from 'constructs';
import { type BuildOptions, buildSync } from 'esbuild';
import { DEFAULT_MEMORY_MB } from '../shared/api/define-route.ts';
import { AUDIT_PARTITION_PREFIX } from '../shared/audit/audit-trail.ts';
import { TABLE_DESIGN } from '../shared/data/table-design.ts';
import { SCHEDULE_DEAD_LETTER_ARN_VARIABLE } from '../shared/jobs/schedules.ts';
import { ROUTE_TIMEOUT_SECONDS } from '../shared/timeouts.ts';
import { accountInFinding } from './nag-findings.ts';

export const repoRoot = join(import.meta.dirname, '..');

/**
 * The esbuild settings of every Lambda bundle (esbuild's own options, spread into a build), also used by
 * the benchmarks, the canary and the tests that bundle a handler, so that they build what is deployed.
 * One minified ES module for Node 22; the AWS SDK is bundled too (no external modules): the version is
 * the one the lock file pins and tests ran against, and a minified tree-shaken client initialises faster
 * than the runtime's copy.
 */
export const LAMBDA_BUNDLE: BuildOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  minify: true,
  mainFields: ['module', 'main'],
  banner: { js: "import { createRequire } from 'module'; const require = createRequire(import.meta.url);" },
};

/** What every deployed bundle is built with: LAMBDA_BUNDLE, and its source map beside it (positions only). */
const BUILD: BuildOptions = {
  ...LAMBDA_BUNDLE,
  // Positions only, without a copy of the sources (a third of the size): enough to map a stack offline.
  sourcemap: true,
  sourcesContent: false,
  logLevel: 'warning',
};

/** The folders of the product's handlers; a folder under them with a bundle of its own is left out. */
const HANDLER_FOLDERS = ['functions', 'events'];
const NOT_HANDLERS = [
  // The modules the handlers share.
  'functions/core/',
  // The canary runs in CloudWatch Synthetics, bundled with its library left out (infra/canary.ts).
  'events/canary/',
];
const EXPORTS_HANDLER = /export (const|async function|function) handler\b/;

/** Every handler of the product: a module of HANDLER_FOLDERS that exports `handler`. */
export function productHandlerEntries(): string[] {
  return HANDLER_FOLDERS.flatMap((folder) =>
    readdirSync(join(repoRoot, folder), { recursive: true, encoding: 'utf8' })
      .map((file) => `${folder}/${file}`)
      .filter(
        (file) =>
          file.endsWith('.ts') &&
          !file.endsWith('.test.ts') &&
          !NOT_HANDLERS.some((folder) => file.startsWith(folder)) &&
          EXPORTS_HANDLER.test(readFileSync(join(repoRoot, file), 'utf8')),
      ),
  ).sort();
}

/** A handler's folder in a batch: its entry without `.ts` (`functions/orders/x`), `index.mjs` inside. */
const batchFolder = (entry: string) => entry.replace(/\.ts$/, '');

/** Per cloud assembly folder, the batch made for it (made once per process). */
const batches = new Map<string, string>();

/**
 * Every product handler bundled in one esbuild run, into `.handler-bundles` of the assembly's folder
 * (removed when the process ends): the modules they share (the SDK, ElectroDB, zod, the route
 * schemas) are read and parsed once, not once per function as one esbuild process per function
 * (NodejsFunction's bundling, run through `npx`) did: 174 functions took about 178 s of a 198-second
 * synth. Each bundle is the same as its own build would be (no code splitting: one file per handler).
 * Built inside the assembly's folder, as CDK bundles, so that the source maps' relative paths, and with
 * them the assets' hashes, do not depend on where the checkout is.
 */
function batchFor(assemblyDir: string): string {
  const known = batches.get(assemblyDir);
  if (known) return known;
  const dir = join(assemblyDir, '.handler-bundles');
  rmSync(dir, { recursive: true, force: true });
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  buildSync({
    ...BUILD,
    entryPoints: productHandlerEntries().map((entry) => ({
      in: resolve(repoRoot, entry),
      out: `${batchFolder(entry)}/index`,
    })),
    outdir: dir,
    outExtension: { '.js': '.mjs' },
  });
  batches.set(assemblyDir, dir);
  return dir;
}

/**
 * A function's code: its handler (`entry`, from the repository's root) bundled as it ships, in an asset
 * whose hash is the bundle's. A product handler is taken from the batch (batchFor); any other entry (a
 * test's fixture) is built alone. Bundled only when the synthesis needs it: a stack CDK is told not to
 * bundle (`aws:cdk:bundling-stacks`, the infra tests) gets no bundle, as CDK's own bundling does.
 */
export function handlerCode(entry: string): Code {
  return Code.fromAsset(repoRoot, {
    assetHashType: AssetHashType.OUTPUT,
    bundling: {
      // The entry in CDK's cache key of the asset (its local bundling, a function, is not part of it).
      environment: { HANDLER_ENTRY: entry },
      // Never pulled: the local bundling below always succeeds (no Docker on a developer's machine or in CI).
      image: DockerImage.fromRegistry('dummy'),
      local: {
        tryBundle(outputDir: string) {
          const built = join(batchFor(dirname(outputDir)), batchFolder(entry));
          if (existsSync(join(built, 'index.mjs'))) {
            for (const file of ['index.mjs', 'index.mjs.map'])
              copyFileSync(join(built, file), join(outputDir, file));
          } else {
            buildSync({
              ...BUILD,
              entryPoints: [resolve(repoRoot, entry)],
              outfile: join(outputDir, 'index.mjs'),
            });
          }
          return true;
        },
      },
    },
  });
}

/** A function's name: `cutloom-{stage}-{name}`, what alarms, traces and the dashboard show. */
export function productFunctionName(stage: string, name: string): string {
  return `cutloom-${stage}-${name}`;
}

/**
 * Every Lambda of the product: Node 22 on ARM, one minified ESM bundle per handler made by the local
 * esbuild (never Docker; every product handler in one run: handlerCode), X-Ray active tracing, the
 * environment infra/function-environment.ts builds (Powertools' settings among it), an explicit log
 * group kept one month; a route's timeout (shared/timeouts.ts) unless the function sets its own. No
 * `--enable-source-maps`: it makes every cold start and every error slower (`npm run bench` prints by
 * how much); the bundle's source map is kept beside it, for reading a stack trace of the minified code
 * offline.
 */
export function functionProps(
  scope: Construct,
  id: string,
  entry: string,
  environment: Record<string, string> & { STAGE: string },
): NodejsFunctionProps {
  return {
    functionName: productFunctionName(environment.STAGE, id),
    // The bundle made by handlerCode (NodejsFunction's own bundling, one esbuild process a function, is not used).
    code: handlerCode(entry),
    handler: 'index.handler',
    runtime: Runtime.NODEJS_22_X,
    architecture: Architecture.ARM_64,
    memorySize: DEFAULT_MEMORY_MB,
    timeout: Duration.seconds(ROUTE_TIMEOUT_SECONDS),
    environment,
    tracing: Tracing.ACTIVE,
    // Lambda's own naming, so that Logs Insights finds a stage's functions by the prefix /aws/lambda/cutloom-{stage}-.
    logGroup: new LogGroup(scope, `${id}Logs`, {
      logGroupName: `/aws/lambda/${productFunctionName(environment.STAGE, id)}`,
      retention: RetentionDays.ONE_MONTH,
    }),
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
