import {
  Annotations,
  Aws,
  Duration,
  RemovalPolicy,
  SecretValue,
  Stack,
  type StackProps,
  Validations,
} from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import { AttributeType, Billing, StreamViewType, TableEncryptionV2, TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Schedule } from 'aws-cdk-lib/aws-events';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { Compression, DeliveryStream, S3Bucket, StreamEncryption } from 'aws-cdk-lib/aws-kinesisfirehose';
import { Key } from 'aws-cdk-lib/aws-kms';
import {
  BlockPublicAccess,
  Bucket,
  BucketEncryption,
  type CfnBucket,
  ObjectLockRetention,
  ObjectOwnership,
} from 'aws-cdk-lib/aws-s3';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { Topic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { ARCHIVE_RETENTION_DAYS } from '../shared/archive/record-archive.ts';
import { TABLE_DESIGN } from '../shared/data/table-design.ts';
import { QUEUES, type QueueId, SQS_LIMITS } from '../shared/jobs/queues.ts';
import { FIRST_KEY_ID, GENERATED_KEY_FIELD } from '../shared/secrets/rotating-secret.ts';

/**
 * What holds data: the one table, the buckets, the bulk-job queues, the token-signing secret and the
 * credentials of the outside services of the money path, and the
 * analytics stream (events to S3).
 * Everything here is retained when the stack goes away; the stateless stacks can be recreated.
 */
/**
 * The name of a product bucket whose objects the stateless stacks grant: `cutloom-{stage}-{purpose}-
 * {account}-{region}`. The grants use an ARN formatted from this name rather than the imported bucket
 * attribute, so a grant and its cdk-nag acknowledgement read the same before and after synthesis.
 */
export function productBucketName(stage: string, purpose: ProductBucket): string {
  return `cutloom-${stage}-${purpose}-${Aws.ACCOUNT_ID}-${Aws.REGION}`;
}

/** The same name as cdk-nag writes it in a finding (pseudo parameters in angle brackets). */
export function productBucketNameInFindings(stage: string, purpose: ProductBucket): string {
  return `cutloom-${stage}-${purpose}-<AWS::AccountId>-<AWS::Region>`;
}

export type ProductBucket = 'feedback-files' | 'cloud-projects' | 'record-archive';

/** A data bucket's overwritten or deleted objects can be recovered this long. */
const NONCURRENT_VERSIONS_KEPT = Duration.days(30);

/** The stage's secrets, by name: `cutloom/{stage}/{purpose}` (docs/deploying.md says which to fill). */
export type SecretPurpose =
  | 'id-token-key'
  | 'origin'
  | 'portone'
  | 'naver-pay'
  | 'coolsms'
  | 'alimtalk'
  | 'kakao-login'
  | 'naver-login'
  | 'popbill'
  | 'canary';

/**
 * The purchase canary's address: the SES mailbox simulator's, so that the receipts and refund mails the
 * canary's purchases send every ten minutes are accepted without reaching anyone and count neither as
 * bounces nor complaints (https://docs.aws.amazon.com/ses/latest/dg/send-an-email-from-console.html, the
 * mailbox simulator; a `+label` is allowed).
 */
export const CANARY_EMAIL = 'success+cutloom-canary@simulator.amazonses.com';
export function productSecretName(stage: string, purpose: SecretPurpose): string {
  return `cutloom/${stage}/${purpose}`;
}

export interface StatefulStackProps extends StackProps {
  stage: string;
  /** Who gets the alarms (CDK context `alarmEmail`); synth warns when it is missing. */
  alarmEmail?: string;
}

export class StatefulStack extends Stack {
  readonly table: TableV2;
  readonly feedbackBucket: Bucket;
  /** The customers' cloud projects (`projects/{projectId}/`), read by the console's copy for feedback. */
  readonly cloudProjectBucket: Bucket;
  readonly accessLogBucket: Bucket;
  readonly queues: Record<QueueId, Queue>;
  /** Events EventBridge Scheduler could not hand to their target (each schedule's DeadLetterConfig). */
  readonly scheduleDeadLetters: Queue;
  /** Scheduled runs whose target still failed after Lambda's retries (the targets' on-failure destination). */
  readonly scheduledRunFailures: Queue;
  readonly idTokenSecret: Secret;
  /** PortOne v1 REST API credentials: JSON {apiKey, apiSecret}. */
  readonly paymentProviderSecret: Secret;
  /** Naver Pay partner API credentials: JSON {clientId, clientSecret, chainId}. */
  readonly walletSecret: Secret;
  /** CoolSMS API credentials: JSON {apiKey, apiSecret}. */
  readonly smsSecret: Secret;
  /** Popbill (Linkhub) API credentials: JSON {linkId, secretKey}. */
  readonly popbillSecret: Secret;
  /**
   * The 알림톡's KakaoTalk business channel and templates (SOLAPI): JSON {pfId, templateIds (JSON text of
   * each notice kind's approved template id), reportKey (the delivery report address's key)}.
   */
  readonly alimtalkSecret: Secret;
  /** Kakao Login's app (REST API key and client secret): JSON {clientId, clientSecret}. */
  readonly kakaoLoginSecret: Secret;
  /** Naver Login's application: JSON {clientId, clientSecret}. */
  readonly naverLoginSecret: Secret;
  readonly analyticsBucket: Bucket;
  readonly analyticsStream: DeliveryStream;
  /** Every alarm of the stage notifies this topic (retained: its confirmed subscriptions are kept). */
  readonly alarmTopic: Topic;
  /**
   * The locked copy of the audit trail and the payment records (shared/archive/record-archive.ts): the
   * table's stream delivered to it by the jobs stack's consumer; Object Lock in compliance mode keeps
   * every object five years.
   */
  readonly recordArchive: Bucket;
  /** Where a batch of the stream the consumer could not write goes (its place in the stream). */
  readonly recordArchiveFailures: Queue;
  /** The purchase canary's sign-in, JSON {email, password} (generated): its account and the canary read it. */
  readonly canarySecret: Secret;
  /** The header value CloudFront adds to API requests and the routes require (shared/api/origin-secret.ts). */
  readonly originSecret: Secret;

  readonly stage: string;

  constructor(scope: Construct, id: string, props: StatefulStackProps) {
    super(scope, id, props);
    this.stage = props.stage;

    this.table = new TableV2(this, 'Table', {
      partitionKey: { name: TABLE_DESIGN.partitionKey, type: AttributeType.STRING },
      sortKey: { name: TABLE_DESIGN.sortKey, type: AttributeType.STRING },
      globalSecondaryIndexes: TABLE_DESIGN.globalIndexes.map((index) => ({
        indexName: index.indexName,
        partitionKey: { name: index.partitionKey, type: AttributeType.STRING },
        sortKey: { name: index.sortKey, type: AttributeType.STRING },
      })),
      timeToLiveAttribute: TABLE_DESIGN.timeToLiveAttribute,
      billing: Billing.onDemand(),
      encryption: TableEncryptionV2.awsManagedKey(),
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      deletionProtection: true,
      // Every change with both images, for the locked copy (the jobs stack's consumer filters it).
      dynamoStream: StreamViewType[TABLE_DESIGN.streamView],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.backUpTable(props.stage);

    this.accessLogBucket = new Bucket(this, 'AccessLogs', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      // CloudFront standard logs are delivered with ACLs.
      objectOwnership: ObjectOwnership.OBJECT_WRITER,
      versioned: true,
      lifecycleRules: [
        { expiration: Duration.days(365), noncurrentVersionExpiration: NONCURRENT_VERSIONS_KEPT },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.accessLogBucket).acknowledge({
      id: 'AwsSolutions-S1',
      reason: 'This is the access-log bucket itself; logging it into itself would loop.',
    });

    this.feedbackBucket = new Bucket(this, 'FeedbackFiles', {
      bucketName: productBucketName(props.stage, 'feedback-files'),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.accessLogBucket,
      serverAccessLogsPrefix: 'feedback-files/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.cloudProjectBucket = new Bucket(this, 'CloudProjects', {
      bucketName: productBucketName(props.stage, 'cloud-projects'),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      versioned: true,
      serverAccessLogsBucket: this.accessLogBucket,
      serverAccessLogsPrefix: 'cloud-projects/',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    this.queues = Object.fromEntries(
      QUEUES.map((declaration) => {
        const deadLetters = this.deadLetterQueue(`${declaration.id}-dlq`);
        const queue = new Queue(this, declaration.id, {
          visibilityTimeout: Duration.seconds(declaration.visibilityTimeoutSeconds),
          // Set rather than left to the service's default, so that AWS refuses what the stand-in does.
          maxMessageSizeBytes: SQS_LIMITS.messageBytes,
          retentionPeriod: Duration.days(4),
          encryption: QueueEncryption.SQS_MANAGED,
          enforceSSL: true,
          deadLetterQueue: { queue: deadLetters, maxReceiveCount: declaration.maxReceiveCount },
          removalPolicy: RemovalPolicy.RETAIN,
        });
        return [declaration.id, queue];
      }),
    ) as Record<QueueId, Queue>;
    this.scheduleDeadLetters = this.deadLetterQueue('schedule-dead-letters');
    this.scheduledRunFailures = this.deadLetterQueue('scheduled-run-failures');

    this.idTokenSecret = this.rotatingSecret(
      'IdTokenSecret',
      'id-token-key',
      'HMAC keys that sign ID and link tokens: JSON {keyId, key, previousKeyId, previousKey}',
      64,
    );

    // Site analytics: Firehose batches the events into gzip NDJSON files by arrival day, kept two years.
    this.analyticsBucket = new Bucket(this, 'AnalyticsEvents', {
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.S3_MANAGED,
      enforceSSL: true,
      serverAccessLogsBucket: this.accessLogBucket,
      serverAccessLogsPrefix: 'analytics-events/',
      versioned: true,
      lifecycleRules: [
        { expiration: Duration.days(730), noncurrentVersionExpiration: NONCURRENT_VERSIONS_KEPT },
      ],
      removalPolicy: RemovalPolicy.RETAIN,
    });
    this.analyticsStream = new DeliveryStream(this, 'AnalyticsStream', {
      encryption: StreamEncryption.awsOwnedKey(),
      destination: new S3Bucket(this.analyticsBucket, {
        dataOutputPrefix: 'events/!{timestamp:yyyy/MM/dd}/',
        errorOutputPrefix: 'errors/!{firehose:error-output-type}/!{timestamp:yyyy/MM/dd}/',
        bufferingInterval: Duration.minutes(5),
        compression: Compression.GZIP,
      }),
    });
    // The destination role is aws-cdk-lib's grant for Firehose's own S3 writes (multipart uploads
    // included), limited to this one bucket.
    const bucketObjects = `<${this.getLogicalId(this.analyticsBucket.node.defaultChild as CfnBucket)}.Arn>/*`;
    for (const finding of [
      'Action::s3:GetObject*',
      'Action::s3:GetBucket*',
      'Action::s3:List*',
      'Action::s3:DeleteObject*',
      'Action::s3:Abort*',
      `Resource::${bucketObjects}`,
    ]) {
      Validations.of(this.analyticsStream).acknowledge({
        id: `AwsSolutions-IAM5[${finding}]`,
        reason:
          'Firehose delivery to S3 as aws-cdk-lib grants it: the actions a delivery needs, on the analytics bucket only.',
      });
    }

    this.paymentProviderSecret = this.serviceSecret(
      'PaymentProviderSecret',
      'portone',
      'PortOne v1 REST API',
      ['apiKey', 'apiSecret'],
    );
    this.walletSecret = this.serviceSecret('WalletSecret', 'naver-pay', 'Naver Pay partner API', [
      'clientId',
      'clientSecret',
      'chainId',
    ]);
    this.smsSecret = this.serviceSecret('SmsSecret', 'coolsms', 'CoolSMS API', ['apiKey', 'apiSecret']);
    this.popbillSecret = this.serviceSecret('PopbillSecret', 'popbill', 'Popbill API (Linkhub)', [
      'linkId',
      'secretKey',
    ]);
    this.alimtalkSecret = this.serviceSecret(
      'AlimtalkSecret',
      'alimtalk',
      'KakaoTalk 알림톡 channel (SOLAPI)',
      ['pfId', 'templateIds', 'reportKey'],
    );
    this.kakaoLoginSecret = this.serviceSecret('KakaoLoginSecret', 'kakao-login', 'Kakao Login', [
      'clientId',
      'clientSecret',
    ]);
    this.naverLoginSecret = this.serviceSecret('NaverLoginSecret', 'naver-login', 'Naver Login', [
      'clientId',
      'clientSecret',
    ]);

    this.originSecret = this.rotatingSecret(
      'OriginSecret',
      'origin',
      'The header CloudFront adds to every API request (its current key); the routes accept the current and previous keys',
      48,
    );

    this.alarmTopic = this.alarmTopicFor(props);
    this.recordArchive = this.recordArchiveBucket(props.stage);
    this.recordArchiveFailures = this.deadLetterQueue('record-archive-failures');
    this.canarySecret = new Secret(this, 'CanarySecret', {
      secretName: productSecretName(props.stage, 'canary'),
      description:
        "The purchase canary's sign-in: JSON {email, password}; its account is made from it at deployment",
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ email: CANARY_EMAIL }),
        generateStringKey: 'password',
        passwordLength: 32,
        excludePunctuation: true,
        requireEachIncludedType: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(this.canarySecret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        "The canary account's password: changed by putting a new one in the secret and running the account's job (docs/runbook.md); no user holds it.",
    });
  }

  /**
   * The locked copy's bucket: versioned with Object Lock in compliance mode, every object version kept
   * ARCHIVE_RETENTION_DAYS from its writing (no one, the root user included, can shorten it or delete the
   * version meanwhile), encrypted with a key of our own, its access logged. After the retention the
   * versions expire (the law that keeps them five years also wants them gone after).
   */
  private recordArchiveBucket(stage: string): Bucket {
    const key = new Key(this, 'RecordArchiveKey', {
      description: 'Encrypts the locked copy of the audit trail and the payment records',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const retention = Duration.days(ARCHIVE_RETENTION_DAYS);
    return new Bucket(this, 'RecordArchive', {
      bucketName: productBucketName(stage, 'record-archive'),
      blockPublicAccess: BlockPublicAccess.BLOCK_ALL,
      encryption: BucketEncryption.KMS,
      encryptionKey: key,
      bucketKeyEnabled: true,
      enforceSSL: true,
      versioned: true,
      objectLockEnabled: true,
      objectLockDefaultRetention: ObjectLockRetention.compliance(retention),
      lifecycleRules: [{ expiration: retention, noncurrentVersionExpiration: retention }],
      serverAccessLogsBucket: this.accessLogBucket,
      serverAccessLogsPrefix: 'record-archive/',
      removalPolicy: RemovalPolicy.RETAIN,
    });
  }

  /**
   * The alarm topic, encrypted with a key of our own: CloudWatch cannot publish to a topic under the
   * AWS-managed SNS key, so the key lets CloudWatch (of this account only) use it.
   */
  private alarmTopicFor(props: StatefulStackProps): Topic {
    const key = new Key(this, 'AlarmTopicKey', {
      description: 'Encrypts the alarm topic',
      enableKeyRotation: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    key.addToResourcePolicy(
      new PolicyStatement({
        principals: [new ServicePrincipal('cloudwatch.amazonaws.com')],
        actions: ['kms:Decrypt', 'kms:GenerateDataKey*'],
        resources: ['*'],
        conditions: { StringEquals: { 'aws:SourceAccount': Aws.ACCOUNT_ID } },
      }),
    );
    const topic = new Topic(this, 'Alarms', {
      topicName: `cutloom-${props.stage}-alarms`,
      displayName: `Cutloom ${props.stage} alarms`,
      masterKey: key,
      enforceSSL: true,
    });
    topic.applyRemovalPolicy(RemovalPolicy.RETAIN);
    if (props.alarmEmail) topic.addSubscription(new EmailSubscription(props.alarmEmail));
    else
      Annotations.of(this).addWarningV2(
        'cutloom:alarm-email',
        'CDK context alarmEmail is not set: the alarms notify no one',
      );
    return topic;
  }

  /**
   * A secret rotated without downtime (shared/secrets/rotating-secret.ts): generated as {keyId, key}; the
   * command `npm run rotate-secret` writes a new key and keeps the previous one accepted.
   */
  private rotatingSecret(id: string, purpose: SecretPurpose, description: string, length: number): Secret {
    const secret = new Secret(this, id, {
      secretName: productSecretName(this.stage, purpose),
      description,
      generateSecretString: {
        secretStringTemplate: JSON.stringify({ keyId: FIRST_KEY_ID }),
        generateStringKey: GENERATED_KEY_FIELD,
        passwordLength: length,
        excludePunctuation: true,
      },
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason:
        'Rotated by one command (npm run rotate-secret, docs/deploying.md) that keeps the previous key accepted; a rotation Lambda could not update what CloudFront sends.',
    });
    return secret;
  }

  /**
   * A monthly backup of the table, kept five years in a retained vault (AWS Backup). Point-in-time
   * recovery already restores any second of the last 35 days; payment and contract records are kept five
   * years (전자상거래법 시행령 제6조), so a copy outlives a defect that deletes or rewrites them quietly.
   * Taken on the last day of each month at 03:00 KST.
   */
  private backUpTable(stage: string): void {
    const vault = new BackupVault(this, 'Backups', {
      backupVaultName: `cutloom-${stage}`,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const plan = new BackupPlan(this, 'TableBackups', {
      backupPlanName: `cutloom-${stage}-table`,
      backupVault: vault,
      backupPlanRules: [
        new BackupPlanRule({
          ruleName: 'monthly-five-years',
          scheduleExpression: Schedule.cron({ day: 'L', hour: '18', minute: '0' }),
          deleteAfter: Duration.days(1827),
        }),
      ],
    });
    const selection = plan.addSelection('Table', {
      resources: [BackupResource.fromArn(this.table.tableArn)],
    });
    Validations.of(selection).acknowledge({
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason: "AWS Backup's own policy for the role it assumes to back the table up.",
    });
  }

  /** A queue that keeps what failed for two weeks, for an operator to read and redrive. */
  private deadLetterQueue(id: string): Queue {
    const queue = new Queue(this, id, {
      retentionPeriod: Duration.days(14),
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(queue).acknowledge({
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself a dead-letter queue.',
    });
    return queue;
  }

  /**
   * The credentials of an outside service, as JSON with the given keys. Created with empty values for an
   * operator to fill in the console (the provider issues them); the adapters read them once per container.
   */
  private serviceSecret(
    id: string,
    purpose: SecretPurpose,
    service: string,
    keys: readonly string[],
  ): Secret {
    const secret = new Secret(this, id, {
      secretName: productSecretName(this.stage, purpose),
      description: `${service} credentials: JSON {${keys.join(', ')}}, set by an operator`,
      secretObjectValue: Object.fromEntries(keys.map((key) => [key, SecretValue.unsafePlainText('')])),
      removalPolicy: RemovalPolicy.RETAIN,
    });
    Validations.of(secret).acknowledge({
      id: 'AwsSolutions-SMG4',
      reason: `${service} credentials are issued and rotated in that service's console; an operator then updates this secret.`,
    });
    return secret;
  }
}
