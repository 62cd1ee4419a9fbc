import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Duration, RemovalPolicy, Size, Stack, Validations } from 'aws-cdk-lib';
import type { Metric } from 'aws-cdk-lib/aws-cloudwatch';
import { BlockPublicAccess, Bucket, BucketEncryption, type IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Canary, Code, Runtime, Schedule, Test } from 'aws-cdk-lib/aws-synthetics';
import type { Construct } from 'constructs';
import { buildSync } from 'esbuild';
import { LAMBDA_BUNDLE, repoRoot } from './bundling.ts';
import { accountInFinding, regionInFinding } from './nag-findings.ts';

/**
 * The purchase canary (issue 39): CloudWatch Synthetics runs the customer's purchase in a browser every ten
 * minutes (events/canary/synthetics-handler.ts, on its Playwright runtime), against the stage's site, and
 * keeps each failed step's screenshot and the run's report and HAR in its artifacts bucket for a month.
 * Its `Failed` metric alarms on two failed runs in three (infra/alarms.ts), so a purchase broken anywhere
 * alarms within 20 minutes without a customer.
 */
export const CANARY_SCHEDULE = Duration.minutes(10);

/**
 * Synthetics' own settings for the canary's steps and reports (synthetics.json beside the handler): a
 * screenshot of a failed step only, no continuing after a failure, the steps report and the HAR kept; no
 * request or response bodies in the report (they hold the sign-in and the session's tokens).
 */
const SYNTHETICS_CONFIG = {
  step: {
    screenshotOnStepStart: false,
    screenshotOnStepSuccess: false,
    screenshotOnStepFailure: true,
    stepSuccessMetric: true,
    stepDurationMetric: true,
    continueOnStepFailure: false,
    stepsReport: true,
  },
  report: {
    includeRequestHeaders: false,
    includeResponseHeaders: false,
    includeUrlPassword: false,
    includeRequestBody: false,
    includeResponseBody: false,
    restrictedHeaders: ['authorization', 'cookie', 'set-cookie', 'x-amz-security-token'],
    restrictedUrlParameters: ['guid', 'token'],
  },
  har: true,
};

let bundled: string | undefined;

/**
 * The canary's package: its handler as one ES module at the root (`index.mjs`, so `index.handler`),
 * bundled by esbuild like the product's functions (the site's Korean texts and the price book inside), the
 * library of Synthetics left to the runtime, and synthetics.json beside it. Made once per process.
 */
export function canaryBundle(): string {
  if (bundled) return bundled;
  const dir = mkdtempSync(join(tmpdir(), 'cutloom-canary-'));
  buildSync({
    ...LAMBDA_BUNDLE,
    entryPoints: [join(repoRoot, 'events/canary/synthetics-handler.ts')],
    external: ['@aws/synthetics-playwright'],
    outfile: join(dir, 'index.mjs'),
    logLevel: 'warning',
  });
  writeFileSync(join(dir, 'synthetics.json'), JSON.stringify(SYNTHETICS_CONFIG, null, 2));
  bundled = dir;
  return dir;
}

export interface PurchaseCanaryProps {
  stage: string;
  siteUrl: string;
  secret: ISecret;
  accessLogs: IBucket;
}

export class PurchaseCanary {
  readonly canary: Canary;
  readonly artifacts: Bucket;
  /** Failed runs per schedule period (the canary runs once in each). */
  readonly failedRuns: Metric;

  constructor(scope: Construct, props: PurchaseCanaryProps) {
    this.artifacts = new Bucket(scope, 'CanaryArtifacts', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      lifecycleRules: [{ expiration: Duration.days(31), noncurrentVersionExpiration: Duration.days(1) }],
      serverAccessLogsBucket: props.accessLogs,
      serverAccessLogsPrefix: 'canary-artifacts/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.canary = new Canary(scope, 'PurchaseCanary', {
      canaryName: `cutloom-${props.stage}-purchase`,
      runtime: Runtime.SYNTHETICS_NODEJS_PLAYWRIGHT_6_0,
      test: Test.custom({ code: Code.fromAsset(canaryBundle()), handler: 'index.handler' }),
      schedule: Schedule.rate(CANARY_SCHEDULE),
      timeout: Duration.minutes(3),
      memory: Size.mebibytes(2048),
      environmentVariables: {
        SITE_URL: props.siteUrl,
        CANARY_SECRET_ARN: props.secret.secretArn,
      },
      artifactsBucketLocation: { bucket: this.artifacts },
      successRetentionPeriod: Duration.days(7),
      failureRetentionPeriod: Duration.days(31),
      provisionedResourceCleanup: true,
    });
    props.secret.grantRead(this.canary.role);
    this.failedRuns = this.canary.metricFailed({ period: CANARY_SCHEDULE, statistic: 'Sum' });
    for (const finding of [
      'Resource::*',
      'Action::s3:GetObject*',
      'Action::s3:List*',
      `Resource::<${Stack.of(scope).getLogicalId(this.artifacts.node.defaultChild as never)}.Arn>/*`,
      // The canary's own log groups: named by Synthetics at run time (cwsyn-{name}-{id}).
      `Resource::arn:<AWS::Partition>:logs:${regionInFinding(scope)}:${accountInFinding(scope)}:log-group:/aws/lambda/cwsyn-*`,
    ])
      Validations.of(this.canary).acknowledge({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason:
          "The role aws-cdk-lib makes for a canary: Synthetics' own metrics (cloudwatch:PutMetricData, namespace CloudWatchSynthetics), its log groups, s3:ListAllMyBuckets, and its artifacts bucket's objects.",
      });
  }
}
