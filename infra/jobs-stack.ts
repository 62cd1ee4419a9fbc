import { ArnFormat, type CfnElement, Duration, Stack, type StackProps, Validations } from 'aws-cdk-lib';
import { PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { StartingPosition } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { DynamoEventSource, SqsDlq, SqsEventSource } from 'aws-cdk-lib/aws-lambda-event-sources';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { ScheduleGroup } from 'aws-cdk-lib/aws-scheduler';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Trigger } from 'aws-cdk-lib/triggers';
import type { Construct } from 'constructs';
import { jobNeeds } from '../functions/core/environment-variables.ts';
import { ARCHIVE_FILTER_PATTERNS, ARCHIVE_STREAM_READING } from '../shared/archive/record-archive.ts';
import {
  DEAD_LETTER_BATCH_SIZE,
  DEAD_LETTER_CONSUMER,
  DEAD_LETTER_SOURCES,
  type DeadLetterSource,
  deadLetterArnVariable,
} from '../shared/attention/dead-letters.ts';
import { QUEUES } from '../shared/jobs/queues.ts';
import {
  AUDIT_CHAIN_CHECK_TARGET,
  FINANCE_PREPARATION_TARGET,
  SCHEDULED_TARGETS,
  scheduledTargetArnVariable,
  TARGET_ASYNC_RETRIES,
} from '../shared/jobs/schedules.ts';
import { alarmFunction, monitoringFacade } from './alarms.ts';
import {
  acknowledgeFunctionFindings,
  functionProps,
  grantMail,
  grantScheduling,
  grantTable,
  productFunctionName,
  type SchedulerAccess,
  schedulerEnvironment,
} from './bundling.ts';
import { DEAD_LETTER_MAPPING_CONCURRENCY, SCHEDULED_TARGET_CONCURRENCY } from './capacity.ts';
import { deployedEnvironment } from './function-environment.ts';
import { grantPaymentSecrets, paymentValues } from './payment-settings.ts';
import type { IdentitySettings } from './service-stack.ts';
import { productBucketName, productBucketNameInFindings, type StatefulStack } from './stateful-stack.ts';

/** The schedule group of a stage: the routes that schedule may touch the schedules in it only. */
export function scheduleGroupName(stage: string): string {
  return `cutloom-${stage}`;
}

export interface JobsStackProps extends StackProps {
  stage: string;
  stateful: StatefulStack;
  /** The site's origin and the mail sender, for targets that mail customers or pay (renewals). */
  site: Pick<IdentitySettings, 'siteUrl' | 'mailFrom'>;
}

/**
 * Asynchronous work: one consumer per bulk-job queue (partial batch failures reported, so only the
 * failed messages return to the queue and, past maxReceiveCount, to its dead-letter queue; as many
 * invocations at once as the queue's maxConcurrency), and the EventBridge Scheduler group with the role
 * it uses to invoke the scheduled targets. Every schedule names the schedules' dead-letter queue (the
 * scheduler adapter sets it), and every target keeps Lambda's two retries and sends a run that still
 * fails to the scheduled-run failures queue (shared/jobs/schedules.ts).
 */
export class JobsStack extends Stack {
  readonly scheduleGroup: ScheduleGroup;
  readonly schedulerRole: Role;
  readonly targets: Record<string, IFunction> = {};
  readonly schedulerAccess: SchedulerAccess;

  constructor(scope: Construct, id: string, props: JobsStackProps) {
    super(scope, id, props);
    const { stateful } = props;
    const monitoring = monitoringFacade(this, props.stage, stateful.alarmTopic);

    for (const declaration of QUEUES) {
      const name = `${declaration.id}-consumer`;
      const consumer = new NodejsFunction(this, name, {
        ...functionProps(
          this,
          name,
          `events/${declaration.consumer}.ts`,
          deployedEnvironment(this, props.stage, jobNeeds({}), { TABLE_NAME: stateful.table.tableName }),
        ),
        description: `Consumer of the ${declaration.id} queue`,
        timeout: Duration.seconds(declaration.consumerTimeoutSeconds),
        reservedConcurrentExecutions: declaration.maxConcurrency,
      });
      acknowledgeFunctionFindings(consumer);
      alarmFunction(monitoring, consumer, name, 'consumer');
      grantTable(consumer, stateful.table, 'write');
      consumer.addEventSource(
        new SqsEventSource(stateful.queues[declaration.id], {
          batchSize: declaration.messagesPerInvocation,
          maxConcurrency: declaration.maxConcurrency,
          reportBatchItemFailures: true,
        }),
      );
    }

    this.deadLetterConsumer(props, monitoring);
    this.recordArchiveConsumer(props, monitoring);
    this.priceCatalogueSeed(props, monitoring);
    this.canaryAccount(props, monitoring);

    const groupName = scheduleGroupName(props.stage);
    this.scheduleGroup = new ScheduleGroup(this, 'ScheduleGroup', { scheduleGroupName: groupName });
    this.schedulerRole = new Role(this, 'SchedulerRole', {
      assumedBy: new ServicePrincipal('scheduler.amazonaws.com'),
      description: 'Assumed by EventBridge Scheduler to invoke the scheduled targets',
    });
    this.schedulerAccess = {
      groupName,
      roleArn: this.schedulerRole.roleArn,
      deadLetterArn: stateful.scheduleDeadLetters.queueArn,
    };
    // The scheduler sends an event it could not deliver to the dead-letter queue with this role.
    stateful.scheduleDeadLetters.grantSendMessages(this.schedulerRole);
    // Targets are named up front so that their ARNs are known without referring to the functions:
    // a run schedules the next run of its own target (and a target may schedule another's).
    const targetNames = Object.fromEntries(
      SCHEDULED_TARGETS.map((target) => [target.id, productFunctionName(props.stage, target.id)]),
    );
    // What a target may be given, each picking what its grants call for (functions/core/environment-variables.ts).
    const targetValues = {
      TABLE_NAME: stateful.table.tableName,
      SITE_URL: props.site.siteUrl,
      MAIL_FROM: props.site.mailFrom,
      ID_TOKEN_SECRET_ARN: stateful.idTokenSecret.secretArn,
      ...paymentValues(this, props.stage, stateful),
      ...schedulerEnvironment(this.schedulerAccess),
      ...Object.fromEntries(
        SCHEDULED_TARGETS.map((target) => [
          scheduledTargetArnVariable(target.id),
          this.formatArn({
            service: 'lambda',
            resource: 'function',
            resourceName: targetNames[target.id],
            arnFormat: ArnFormat.COLON_RESOURCE_NAME,
          }),
        ]),
      ),
    };
    for (const target of SCHEDULED_TARGETS) {
      // A target's grants mean what a route's do (shared/api/define-route.ts RouteGrant).
      const grants = new Set(target.grants ?? []);
      const fn = new NodejsFunction(this, target.id, {
        ...functionProps(
          this,
          target.id,
          `events/${target.handler}.ts`,
          deployedEnvironment(this, props.stage, jobNeeds(target), targetValues),
        ),
        description: target.description,
        timeout: Duration.seconds(target.timeoutSeconds ?? 30),
        retryAttempts: TARGET_ASYNC_RETRIES.retryAttempts,
        maxEventAge: Duration.seconds(TARGET_ASYNC_RETRIES.maxEventAgeSeconds),
        onFailure: new SqsDestination(stateful.scheduledRunFailures),
        reservedConcurrentExecutions: SCHEDULED_TARGET_CONCURRENCY,
      });
      acknowledgeFunctionFindings(fn);
      alarmFunction(monitoring, fn, target.id, 'target');
      grantTable(fn, stateful.table, 'write');
      fn.grantInvoke(this.schedulerRole);
      Validations.of(this.schedulerRole).acknowledge({
        id: `AwsSolutions-IAM5[Resource::<${this.getLogicalId(fn.node.defaultChild as CfnElement)}.Arn>:*]`,
        reason:
          'Invoking a target includes its versions (the grant’s `:*`); the role may invoke only the product’s targets.',
      });
      if (grants.has('scheduler')) grantScheduling(fn, this.schedulerAccess);
      grantPaymentSecrets(fn, grants, stateful);
      if (grants.has('mail:send')) grantMail(fn, props.site.mailFrom);
      if (grants.has('token:sign')) stateful.idTokenSecret.grantRead(fn);
      this.targets[scheduledTargetArnVariable(target.id)] = fn;
    }
    this.financePreparation(stateful.table.tableArn);
    this.runAtDeployment(AUDIT_CHAIN_CHECK_TARGET, 'CheckAuditChainTrigger');
  }

  /**
   * Runs a scheduled target once on every deployment that changes its code, after the schedule group and
   * the targets exist (it schedules its next run itself); a failed run fails the deployment.
   */
  private runAtDeployment(target: { id: string; timeoutSeconds: number }, id: string): NodejsFunction {
    const handler = this.targets[scheduledTargetArnVariable(target.id)];
    if (!(handler instanceof NodejsFunction)) throw new Error(`The target ${target.id} was not made`);
    new Trigger(this, id, {
      handler,
      executeAfter: [this.scheduleGroup, this.schedulerRole, ...Object.values(this.targets)],
      executeOnHandlerChange: true,
      timeout: Duration.seconds(target.timeoutSeconds),
    });
    return handler;
  }

  /**
   * Gives older items their finance keys and schedules the daily reconciliation, on every deployment that
   * changes the target's code (events/finance/prepare-finance.ts); a failed run fails the deployment.
   */
  private financePreparation(tableArn: string): void {
    const handler = this.runAtDeployment(FINANCE_PREPARATION_TARGET, 'PrepareFinanceTrigger');
    // The product's one Scan, of the table itself (not an index), for this deployment job only: every
    // route and every other job reads by key or by index (grantTable never grants it).
    handler.addToRolePolicy(new PolicyStatement({ actions: ['dynamodb:Scan'], resources: [tableArn] }));
  }

  /**
   * The consumer of every dead-letter queue: each message becomes a case of the attention page
   * (shared/attention/dead-letters.ts). It reads the orders and accounts a run names and writes the case.
   */
  private deadLetterConsumer(props: JobsStackProps, monitoring: ReturnType<typeof monitoringFacade>): void {
    const { stateful } = props;
    const queueOf = (source: DeadLetterSource): IQueue => {
      if (source.kind === 'schedule') return stateful.scheduleDeadLetters;
      if (source.kind === 'scheduled-run') return stateful.scheduledRunFailures;
      const deadLetters = stateful.queues[source.queueId].deadLetterQueue?.queue;
      if (!deadLetters) throw new Error(`The queue ${source.queueId} has no dead-letter queue`);
      return deadLetters;
    };
    const name = 'dead-letters-consumer';
    const consumer = new NodejsFunction(this, name, {
      ...functionProps(
        this,
        name,
        `events/${DEAD_LETTER_CONSUMER}.ts`,
        deployedEnvironment(this, props.stage, jobNeeds({}, 'dead-letter-consumer'), {
          TABLE_NAME: stateful.table.tableName,
          ...Object.fromEntries(
            DEAD_LETTER_SOURCES.map((source) => [deadLetterArnVariable(source.id), queueOf(source).queueArn]),
          ),
        }),
      ),
      description: 'Lists every dead-lettered bulk message and scheduled run on the attention page',
      timeout: Duration.seconds(30),
      reservedConcurrentExecutions: DEAD_LETTER_MAPPING_CONCURRENCY * DEAD_LETTER_SOURCES.length,
    });
    acknowledgeFunctionFindings(consumer);
    alarmFunction(monitoring, consumer, name, 'consumer');
    grantTable(consumer, stateful.table, 'write');
    for (const source of DEAD_LETTER_SOURCES) {
      consumer.addEventSource(
        new SqsEventSource(queueOf(source), {
          batchSize: DEAD_LETTER_BATCH_SIZE,
          maxConcurrency: DEAD_LETTER_MAPPING_CONCURRENCY,
          reportBatchItemFailures: true,
        }),
      );
    }
  }

  /**
   * The consumer of the table's stream that writes the locked copy (shared/archive/record-archive.ts):
   * only the archived entities' records reach it (the mapping's filters), a hundred at a time, in the
   * stream's order from its oldest record. A batch that fails part way is delivered again from its first
   * unwritten record; one that fails ten times, or waits a day (the stream keeps records 24 hours), is
   * split in two until the failing record is alone, and its place in the stream goes to the
   * record-archive-failures queue, which alarms (docs/runbook.md: read the records again from the table).
   */
  private recordArchiveConsumer(
    props: JobsStackProps,
    monitoring: ReturnType<typeof monitoringFacade>,
  ): void {
    const { stateful } = props;
    const name = 'archive-records';
    const consumer = new NodejsFunction(this, name, {
      ...functionProps(
        this,
        name,
        'events/archive/archive-records.ts',
        deployedEnvironment(this, props.stage, jobNeeds({}, 'record-archive'), {
          TABLE_NAME: stateful.table.tableName,
          RECORD_ARCHIVE_BUCKET: stateful.recordArchive.bucketName,
        }),
      ),
      description: 'Writes the audit trail and the payment records from the table stream to the locked copy',
      timeout: Duration.seconds(60),
    });
    acknowledgeFunctionFindings(consumer);
    alarmFunction(monitoring, consumer, name, 'consumer');
    // PutObject only (a locked copy is never read, listed or deleted by its writer), on objects the stream's
    // records name at run time; the bucket's key only to make each object's data key.
    consumer.addToRolePolicy(
      new PolicyStatement({
        actions: ['s3:PutObject'],
        resources: [
          this.formatArn({
            service: 's3',
            region: '',
            account: '',
            resource: `${productBucketName(props.stage, 'record-archive')}/*`,
          }),
        ],
      }),
    );
    stateful.recordArchive.encryptionKey?.grant(consumer, 'kms:GenerateDataKey');
    Validations.of(consumer).acknowledge({
      id: `AwsSolutions-IAM5[Resource::arn:<AWS::Partition>:s3:::${productBucketNameInFindings(props.stage, 'record-archive')}/*]`,
      reason:
        'One object per stream record, named at run time; the grant is s3:PutObject on the locked copy only.',
    });
    consumer.addEventSource(
      new DynamoEventSource(stateful.table, {
        startingPosition: StartingPosition.TRIM_HORIZON,
        batchSize: ARCHIVE_STREAM_READING.batchSize,
        maxBatchingWindow: Duration.seconds(5),
        retryAttempts: ARCHIVE_STREAM_READING.retryAttempts,
        maxRecordAge: Duration.seconds(ARCHIVE_STREAM_READING.maxRecordAgeSeconds),
        bisectBatchOnError: true,
        reportBatchItemFailures: true,
        onFailure: new SqsDlq(stateful.recordArchiveFailures),
        filters: ARCHIVE_FILTER_PATTERNS.map((pattern) => ({ pattern: JSON.stringify(pattern) })),
      }),
    );
  }

  /**
   * Makes the purchase canary's account from its secret (functions/core/canary/canary-account.ts) once the
   * table exists, and again whenever the function's code changes; a failed run fails the deployment.
   */
  private canaryAccount(props: JobsStackProps, monitoring: ReturnType<typeof monitoringFacade>): void {
    const { stateful } = props;
    const name = 'ensure-canary-account';
    const job = new NodejsFunction(this, name, {
      ...functionProps(
        this,
        name,
        'events/deploy/ensure-canary-account.ts',
        deployedEnvironment(this, props.stage, jobNeeds({}, 'canary-account'), {
          TABLE_NAME: stateful.table.tableName,
          CANARY_SECRET_ARN: stateful.canarySecret.secretArn,
        }),
      ),
      description: "Makes the purchase canary's account from its secret",
      timeout: Duration.seconds(30),
    });
    acknowledgeFunctionFindings(job);
    alarmFunction(monitoring, job, name, 'consumer');
    grantTable(job, stateful.table, 'write');
    stateful.canarySecret.grantRead(job);
    new Trigger(this, 'EnsureCanaryAccountTrigger', {
      handler: job,
      executeAfter: [stateful.table],
      executeOnHandlerChange: true,
    });
  }

  /**
   * Puts the price book's catalogues into the table once the table exists, and again whenever the
   * function's code changes (a CDK trigger re-runs on a new handler version): the price book is bundled
   * in it, so a change of price reaches the table with the deployment that ships it. A failed run fails
   * the deployment (the trigger invokes it synchronously).
   */
  private priceCatalogueSeed(props: JobsStackProps, monitoring: ReturnType<typeof monitoringFacade>): void {
    const { stateful } = props;
    const name = 'seed-price-catalogues';
    const seeder = new NodejsFunction(this, name, {
      ...functionProps(
        this,
        name,
        'events/deploy/seed-price-catalogues.ts',
        deployedEnvironment(this, props.stage, jobNeeds({}), { TABLE_NAME: stateful.table.tableName }),
      ),
      description: 'Writes the price book into the table on each deployment that changes it',
      timeout: Duration.seconds(60),
    });
    acknowledgeFunctionFindings(seeder);
    alarmFunction(monitoring, seeder, name, 'consumer');
    grantTable(seeder, stateful.table, 'write');
    new Trigger(this, 'SeedPriceCataloguesTrigger', {
      handler: seeder,
      executeAfter: [stateful.table],
      executeOnHandlerChange: true,
    });
  }
}
