import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { describe, expect, it } from 'vitest';
import {
  ARCHIVE_FILTER_PATTERNS,
  ARCHIVE_RETENTION_DAYS,
  ARCHIVE_STREAM_READING,
} from '../shared/archive/record-archive.ts';
import { AUDIT_CHAIN_CHECK_TARGET } from '../shared/jobs/schedules.ts';
import { THRESHOLDS } from './alarms.ts';
import { canaryBundle } from './canary.ts';
import { CANARY_EMAIL } from './stateful-stack.ts';
import { testApp } from './test-app.ts';

/**
 * Issue 39 as deployed: the purchase canary (Synthetics' Playwright runtime, every 10 minutes, its
 * artifacts bucket, an alarm on two failed runs in three to the stage's topic), the locked copy (a bucket
 * with Object Lock in compliance mode for five years, encrypted, fed by the table's stream through a
 * filtered mapping with a dead-letter queue, each failure alarmed), the chain check run at deployment, and
 * the canary's account made from its secret.
 */
const built = testApp();
const stateful = Template.fromStack(built.stateful);
const jobs = Template.fromStack(built.jobs);
const monitoring = Template.fromStack(built.monitoring);
type Resource = { Properties: Record<string, unknown>; DeletionPolicy?: string };
const logicalId = (
  stack: { getLogicalId(element: never): string },
  construct: { node: { defaultChild?: unknown } },
) => stack.getLogicalId(construct.node.defaultChild as never);
const alarmsOf = (template: Template) =>
  Object.values(template.findResources('AWS::CloudWatch::Alarm') as Record<string, Resource>);
const topic = new RegExp(`ExportsOutputRef${logicalId(built.stateful, built.stateful.alarmTopic)}`);

describe('the purchase canary', () => {
  it('runs the Playwright script every 10 minutes against the stage’s site, signing in with its secret', () => {
    monitoring.hasResourceProperties('AWS::Synthetics::Canary', {
      Name: 'cutloom-test-purchase',
      RuntimeVersion: Match.stringLikeRegexp('^syn-nodejs-playwright-'),
      Code: Match.objectLike({ Handler: 'index.handler' }),
      Schedule: Match.objectLike({ Expression: 'rate(10 minutes)' }),
      StartCanaryAfterCreation: true,
      RunConfig: Match.objectLike({
        EnvironmentVariables: {
          SITE_URL: 'https://cutloom.example',
          CANARY_SECRET_ARN: {
            'Fn::ImportValue': Match.stringLikeRegexp(logicalId(built.stateful, built.stateful.canarySecret)),
          },
        },
      }),
      ArtifactS3Location: Match.objectLike({
        'Fn::Join': ['', ['s3://', { Ref: Match.stringLikeRegexp('^CanaryArtifacts') }]],
      }),
    });
    const roles = JSON.stringify(monitoring.findResources('AWS::IAM::Policy'));
    expect(roles).toContain('secretsmanager:GetSecretValue');
  });

  it('is packaged as Synthetics runs it: one ES module exporting its handler, with a screenshot of a failed step', () => {
    const dir = canaryBundle();
    expect(readFileSync(join(dir, 'index.mjs'), 'utf8')).toMatch(/export\s*\{[^}]*\bhandler\b/);
    const config = JSON.parse(readFileSync(join(dir, 'synthetics.json'), 'utf8'));
    expect(config.step).toMatchObject({ screenshotOnStepFailure: true, continueOnStepFailure: false });
    expect(config.report).toMatchObject({ includeRequestBody: false, includeResponseBody: false });
  });

  it('keeps its artifacts private, encrypted and a month, and alarms on two failed runs in three', () => {
    monitoring.hasResourceProperties('AWS::S3::Bucket', {
      BucketEncryption: Match.anyValue(),
      PublicAccessBlockConfiguration: Match.objectLike({
        BlockPublicAcls: true,
        RestrictPublicBuckets: true,
      }),
      LifecycleConfiguration: { Rules: [Match.objectLike({ ExpirationInDays: 31 })] },
    });
    const failed = alarmsOf(monitoring).filter((alarm) =>
      JSON.stringify(alarm.Properties).includes('"MetricName":"Failed"'),
    );
    expect(failed).toHaveLength(1);
    expect(failed[0]?.Properties).toMatchObject({
      Namespace: 'CloudWatchSynthetics',
      Statistic: 'Sum',
      Period: 600,
      Threshold: 0,
      ComparisonOperator: 'GreaterThanThreshold',
      EvaluationPeriods: THRESHOLDS.purchaseCanaryFailures.evaluationPeriods,
      DatapointsToAlarm: THRESHOLDS.purchaseCanaryFailures.datapointsToAlarm,
      Dimensions: [{ Name: 'CanaryName', Value: { Ref: expect.stringMatching(/^PurchaseCanary/) } }],
    });
    expect(JSON.stringify(failed[0]?.Properties.AlarmActions)).toMatch(topic);
  });

  it('signs in with an account its deployment makes from a generated secret at the SES mailbox simulator', () => {
    stateful.hasResourceProperties('AWS::SecretsManager::Secret', {
      Name: 'cutloom/test/canary',
      GenerateSecretString: Match.objectLike({
        SecretStringTemplate: JSON.stringify({ email: CANARY_EMAIL }),
        GenerateStringKey: 'password',
      }),
    });
    expect(built.jobs.node.findChild('EnsureCanaryAccountTrigger').node.dependencies).toContain(
      built.stateful.table,
    );
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'cutloom-test-ensure-canary-account',
      Environment: { Variables: Match.objectLike({ CANARY_SECRET_ARN: Match.anyValue() }) },
    });
  });
});

describe('the locked copy of the audit trail and the payment records', () => {
  const buckets = stateful.findResources('AWS::S3::Bucket') as Record<string, Resource>;
  const archiveId = logicalId(built.stateful, built.stateful.recordArchive);

  it('is a bucket with Object Lock in compliance mode for five years, versioned, encrypted with a rotated key, retained', () => {
    const archive = buckets[archiveId];
    expect(archive?.DeletionPolicy).toBe('Retain');
    expect(archive?.Properties).toMatchObject({
      ObjectLockEnabled: true,
      ObjectLockConfiguration: {
        ObjectLockEnabled: 'Enabled',
        Rule: { DefaultRetention: { Mode: 'COMPLIANCE', Days: ARCHIVE_RETENTION_DAYS } },
      },
      VersioningConfiguration: { Status: 'Enabled' },
      BucketEncryption: {
        ServerSideEncryptionConfiguration: [
          expect.objectContaining({
            ServerSideEncryptionByDefault: expect.objectContaining({ SSEAlgorithm: 'aws:kms' }),
          }),
        ],
      },
      LifecycleConfiguration: {
        Rules: [
          expect.objectContaining({
            ExpirationInDays: ARCHIVE_RETENTION_DAYS,
            NoncurrentVersionExpiration: { NoncurrentDays: ARCHIVE_RETENTION_DAYS },
          }),
        ],
      },
    });
    expect(ARCHIVE_RETENTION_DAYS).toBeGreaterThanOrEqual(5 * 365 + 1);
    stateful.hasResourceProperties('AWS::KMS::Key', {
      Description: Match.stringLikeRegexp('locked copy'),
      EnableKeyRotation: true,
    });
  });

  it('is fed by the table’s stream, filtered to the archived records, with retries and a dead-letter queue', () => {
    stateful.hasResourceProperties('AWS::DynamoDB::GlobalTable', {
      StreamSpecification: { StreamViewType: 'NEW_AND_OLD_IMAGES' },
    });
    const mappings = Object.values(
      jobs.findResources('AWS::Lambda::EventSourceMapping') as Record<string, Resource>,
    ).filter((mapping) => JSON.stringify(mapping.Properties.EventSourceArn).includes('StreamArn'));
    expect(mappings).toHaveLength(1);
    const [mapping] = mappings;
    expect(mapping?.Properties).toMatchObject({
      StartingPosition: 'TRIM_HORIZON',
      BatchSize: ARCHIVE_STREAM_READING.batchSize,
      MaximumRetryAttempts: ARCHIVE_STREAM_READING.retryAttempts,
      MaximumRecordAgeInSeconds: ARCHIVE_STREAM_READING.maxRecordAgeSeconds,
      BisectBatchOnFunctionError: true,
      FunctionResponseTypes: ['ReportBatchItemFailures'],
      FilterCriteria: {
        Filters: ARCHIVE_FILTER_PATTERNS.map((pattern) => ({ Pattern: JSON.stringify(pattern) })),
      },
    });
    expect(JSON.stringify(mapping?.Properties.DestinationConfig)).toContain(
      logicalId(built.stateful, built.stateful.recordArchiveFailures),
    );
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: 'cutloom-test-archive-records',
      Environment: { Variables: Match.objectLike({ RECORD_ARCHIVE_BUCKET: Match.anyValue() }) },
    });
    // The writer may only put objects (never read, list or delete them) and make their data keys.
    const writer = Object.entries(jobs.findResources('AWS::IAM::Policy')).filter(([id]) =>
      id.startsWith('archiverecordsServiceRole'),
    );
    const actions = JSON.stringify(writer.map(([, policy]) => policy.Properties.PolicyDocument));
    expect(actions).toContain('"s3:PutObject"');
    expect(actions).toContain('"kms:GenerateDataKey"');
    expect(actions).not.toMatch(/s3:(Get|List|Delete|Abort)/);
  });

  it('alarms when a batch is dead-lettered, when the copy falls an hour behind, and on a broken audit chain', () => {
    const alarms = alarmsOf(monitoring);
    const failures = new RegExp(
      `ExportsOutputFnGetAtt${logicalId(built.stateful, built.stateful.recordArchiveFailures)}QueueName`,
    );
    expect(
      alarms.filter((alarm) =>
        failures.test(JSON.stringify(alarm.Properties.Dimensions ?? alarm.Properties.Metrics)),
      ),
    ).toHaveLength(1);
    const behind = alarms.filter((alarm) =>
      JSON.stringify(alarm.Properties).includes('"MetricName":"IteratorAge"'),
    );
    expect(behind).toHaveLength(1);
    expect(behind[0]?.Properties.Threshold).toBe(THRESHOLDS.recordArchiveBehind.maxAgeMs);
    for (const alarm of [...behind]) expect(JSON.stringify(alarm.Properties.AlarmActions)).toMatch(topic);
  });
});

describe('the audit chain check', () => {
  it('runs at deployment (then hourly, scheduling itself) with time to read every month', () => {
    jobs.hasResourceProperties('AWS::Lambda::Function', {
      FunctionName: `cutloom-test-${AUDIT_CHAIN_CHECK_TARGET.id}`,
      Timeout: AUDIT_CHAIN_CHECK_TARGET.timeoutSeconds,
    });
    expect(built.jobs.node.findChild('CheckAuditChainTrigger').node.dependencies).toContain(
      built.jobs.scheduleGroup,
    );
  });
});
