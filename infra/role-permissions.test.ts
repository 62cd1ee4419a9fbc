import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { FirehoseClient, PutRecordBatchCommand } from '@aws-sdk/client-firehose';
import { CopyObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  BatchWriteCommand,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  QueryCommand,
  ScanCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { type CfnResource, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import type { IConstruct } from 'constructs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUnresolved, resolve, type StackContext } from '../scripts/deploy/template-values.ts';
import {
  type AwsService,
  authorizationRequests,
  MODELLED_CONDITION_KEYS,
} from '../scripts/local/lambda/permissions/aws-requests.ts';
import {
  evaluate,
  type NamedPolicy,
  type PolicyStatement,
  policyProblems,
} from '../scripts/local/lambda/permissions/policy-evaluator.ts';
import {
  CAPTURE_CREDENTIALS,
  type SdkCapture,
  startSdkCapture,
} from '../scripts/local/lambda/permissions/sdk-capture.ts';
import { ROUTES } from '../shared/api/routes.ts';
import { AUDIT_PARTITION_PREFIX } from '../shared/audit/audit-trail.ts';
import { queueUrlVariable } from '../shared/jobs/queues.ts';
import { RENEWAL_TARGET, scheduledTargetArnVariable } from '../shared/jobs/schedules.ts';
import { testApp } from './test-app.ts';

/**
 * The permission check on the roles the CDK app really synthesizes: every role policy of every function
 * holds only what the evaluator models, and calls made as the adapters make them, with each function's
 * own environment, are allowed where the route's grants reach and denied elsewhere. The templates'
 * references are resolved as a deployment names things (names from the templates, ARNs per service).
 */

const ACCOUNT = '123456789012';
const built = testApp(undefined, {}, { account: ACCOUNT });
const stacks = allStacks();

function allStacks(): Stack[] {
  const tops = [
    built.stateful,
    built.jobs,
    built.web,
    built.edge,
    built.monitoring,
    ...Object.values(built.services),
  ];
  return tops.flatMap((stack) => [
    stack,
    ...stack.node.children.filter((child): child is Stack => Stack.isStack(child)),
  ]);
}

type Resources = Record<string, { Type: string; Properties?: Record<string, unknown> }>;
const exportsByName = new Map<string, string>();
const contexts = new Map<Stack, StackContext>();

/** The names a deployment gives: the template's own name property, else one made of stack and logical id. */
const NAME_PROPERTY: Record<string, string> = {
  'AWS::DynamoDB::GlobalTable': 'TableName',
  'AWS::SQS::Queue': 'QueueName',
  'AWS::S3::Bucket': 'BucketName',
  'AWS::IAM::Role': 'RoleName',
  'AWS::Lambda::Function': 'FunctionName',
  'AWS::KinesisFirehose::DeliveryStream': 'DeliveryStreamName',
  'AWS::SecretsManager::Secret': 'Name',
  'AWS::Logs::LogGroup': 'LogGroupName',
};

async function contextOf(stack: Stack): Promise<StackContext> {
  const known = contexts.get(stack);
  if (known) return known;
  const { region, account } = { region: stack.region, account: ACCOUNT };
  const resources = (Template.fromStack(stack).toJSON() as { Resources: Resources }).Resources;
  const names = new Map<string, string>();
  const bare: StackContext = {
    stackName: stack.stackName,
    region,
    account,
    physical: new Map(),
    parameters: new Map(),
    exports: exportsByName,
    attribute: async () => undefined,
  };
  for (const [logicalId, resource] of Object.entries(resources)) {
    const property = NAME_PROPERTY[resource.Type];
    const declared = property ? await resolve(resource.Properties?.[property], bare) : undefined;
    names.set(
      logicalId,
      typeof declared === 'string' ? declared : `${stack.stackName}-${logicalId}`.slice(0, 64),
    );
  }
  const physical = new Map(
    Object.entries(resources).map(([logicalId, resource]) => {
      const name = names.get(logicalId) as string;
      const id =
        resource.Type === 'AWS::SQS::Queue'
          ? `https://sqs.${region}.amazonaws.com/${account}/${name}`
          : resource.Type === 'AWS::SecretsManager::Secret'
            ? `arn:aws:secretsmanager:${region}:${account}:secret:${name}-AbCdEf`
            : name;
      return [logicalId, { physicalId: id, type: resource.Type }];
    }),
  );
  const arns: Record<string, (name: string) => string> = {
    'AWS::DynamoDB::GlobalTable': (name) => `arn:aws:dynamodb:${region}:${account}:table/${name}`,
    'AWS::SQS::Queue': (name) => `arn:aws:sqs:${region}:${account}:${name}`,
    'AWS::S3::Bucket': (name) => `arn:aws:s3:::${name}`,
    'AWS::IAM::Role': (name) => `arn:aws:iam::${account}:role/${name}`,
    'AWS::Lambda::Function': (name) => `arn:aws:lambda:${region}:${account}:function:${name}`,
    'AWS::KinesisFirehose::DeliveryStream': (name) =>
      `arn:aws:firehose:${region}:${account}:deliverystream/${name}`,
    'AWS::Logs::LogGroup': (name) => `arn:aws:logs:${region}:${account}:log-group:${name}:*`,
    'AWS::KMS::Key': (name) => `arn:aws:kms:${region}:${account}:key/${name}`,
  };
  const context: StackContext = {
    ...bare,
    physical,
    attribute: async (logicalId, type, _physicalId, attribute) => {
      const name = names.get(logicalId) as string;
      // The table's stream (the locked copy's writer reads it), as DynamoDB names a stream.
      if (attribute === 'StreamArn' && type === 'AWS::DynamoDB::GlobalTable')
        return `arn:aws:dynamodb:${region}:${account}:table/${name}/stream/2026-01-01T00:00:00.000`;
      return attribute === 'Arn' && arns[type] ? arns[type](name) : undefined;
    },
  };
  contexts.set(stack, context);
  return context;
}

/** A function's role policies and environment, resolved, found by its construct id (a route's name). */
async function deployed(constructId: string) {
  const fn = built.app.node
    .findAll()
    .find((node: IConstruct) => node.node.id === constructId && 'functionArn' in node) as
    | (IFunction & IConstruct)
    | undefined;
  if (!fn?.role) throw new Error(`No function ${constructId}`);
  const stack = Stack.of(fn);
  const context = await contextOf(stack);
  const resources = (Template.fromStack(stack).toJSON() as { Resources: Resources }).Resources;
  const roleId = stack.getLogicalId(fn.role.node.defaultChild as CfnResource);
  const policies: NamedPolicy[] = [];
  for (const [logicalId, resource] of Object.entries(resources)) {
    const roles = resource.Properties?.Roles as { Ref?: string }[] | undefined;
    if (resource.Type === 'AWS::IAM::Policy' && roles?.some((ref) => ref.Ref === roleId))
      policies.push({
        name: logicalId,
        document: (await resolve(resource.Properties?.PolicyDocument, context)) as NamedPolicy['document'],
      });
  }
  const fnId = stack.getLogicalId(fn.node.defaultChild as CfnResource);
  const environment = (await resolve(
    (resources[fnId]?.Properties?.Environment as { Variables?: unknown } | undefined)?.Variables ?? {},
    context,
  )) as Record<string, string>;
  const roleArn = `arn:aws:iam::${ACCOUNT}:role/${context.physical.get(roleId)?.physicalId}`;
  return { policies, environment, roleArn };
}

let capture: SdkCapture;
beforeAll(async () => {
  capture = await startSdkCapture();
  // Exports first: the service stacks import the table, queues, buckets and secrets by export name.
  for (const stack of stacks) {
    const outputs =
      (
        Template.fromStack(stack).toJSON() as {
          Outputs?: Record<string, { Value: unknown; Export?: { Name?: unknown } }>;
        }
      ).Outputs ?? {};
    const context = await contextOf(stack);
    for (const output of Object.values(outputs)) {
      const name = output.Export?.Name;
      const value = await resolve(output.Value, context);
      if (typeof name === 'string' && typeof value === 'string') exportsByName.set(name, value);
    }
  }
}, 120_000);
afterAll(() => capture?.close());

const config = () => ({
  region: 'ap-northeast-2',
  endpoint: capture.endpoint,
  credentials: CAPTURE_CREDENTIALS,
  maxAttempts: 1,
});
const documents = () => DynamoDBDocumentClient.from(new DynamoDBClient(config()));

/** The decision on each authorization the call needs, made as the adapter makes it. */
async function decisions(
  fn: Awaited<ReturnType<typeof deployed>>,
  service: AwsService,
  call: () => Promise<unknown>,
  where: { secretArns?: string[] } = {},
) {
  const [request] = await capture.capture(call);
  if (!request) throw new Error('the client sent nothing');
  return authorizationRequests(service, request, {
    region: 'ap-northeast-2',
    account: ACCOUNT,
    ...where,
  }).map((authorization) => {
    const decision = evaluate(
      fn.policies,
      { ...authorization, context: { 'aws:PrincipalArn': fn.roleArn, ...authorization.context } },
      { knownConditionKeys: MODELLED_CONDITION_KEYS },
    );
    return decision.allowed ? 'allowed' : decision.reason;
  });
}

const routeWithGrants = (grants: string[]) => {
  const route = ROUTES.find((candidate) => JSON.stringify(candidate.grants ?? []) === JSON.stringify(grants));
  if (!route) throw new Error(`No route with grants ${grants.join(', ')}`);
  return route.name;
};

describe('every role policy the app synthesizes', () => {
  it('holds only constructs and condition keys the evaluator models, with every reference resolved', async () => {
    const keys = new Set<string>();
    let count = 0;
    for (const stack of stacks) {
      const context = await contextOf(stack);
      const resources = (Template.fromStack(stack).toJSON() as { Resources: Resources }).Resources;
      for (const [logicalId, resource] of Object.entries(resources)) {
        if (resource.Type !== 'AWS::IAM::Policy') continue;
        count += 1;
        const document = (await resolve(
          resource.Properties?.PolicyDocument,
          context,
        )) as NamedPolicy['document'];
        expect(isUnresolved(document), logicalId).toBe(false);
        expect(policyProblems([{ name: logicalId, document }]), logicalId).toEqual([]);
        for (const statement of [document.Statement].flat() as PolicyStatement[])
          for (const operator of Object.values(statement.Condition ?? {}))
            for (const key of Object.keys(operator)) keys.add(key.toLowerCase());
      }
    }
    expect(count).toBeGreaterThan(150);
    expect([...keys].filter((key) => !MODELLED_CONDITION_KEYS.has(key))).toEqual([]);
    expect(keys).toContain('dynamodb:leadingkeys');
  });
});

describe("a route's grants, as the permission check reads the synthesized role", () => {
  const audit = `${AUDIT_PARTITION_PREFIX}2026-11`;

  it('a reading route reads the table and its indexes, and can neither write nor scan', async () => {
    const fn = await deployed(routeWithGrants(['table:read']));
    const TableName = fn.environment.TABLE_NAME;
    expect(
      await decisions(fn, 'dynamodb', () =>
        documents().send(new GetCommand({ TableName, Key: { pk: 'a', sk: 'b' } })),
      ),
    ).toEqual(['allowed']);
    const byIndex = new QueryCommand({
      TableName,
      IndexName: 'gsi2',
      KeyConditionExpression: '#pk = :pk',
      ExpressionAttributeNames: { '#pk': 'gsi2pk' },
      ExpressionAttributeValues: { ':pk': 'x' },
    });
    expect(await decisions(fn, 'dynamodb', () => documents().send(byIndex))).toEqual(['allowed']);
    expect(
      await decisions(fn, 'dynamodb', () =>
        documents().send(new PutCommand({ TableName, Item: { pk: 'a', sk: 'b' } })),
      ),
    ).toEqual(['no-allow']);
    expect(await decisions(fn, 'dynamodb', () => documents().send(new ScanCommand({ TableName })))).toEqual([
      'no-allow',
    ]);
  });

  it('a writing route writes, but the audit trail deny wins over its grant for an audit entry', async () => {
    const fn = await deployed(routeWithGrants(['table:read', 'table:write']));
    const TableName = fn.environment.TABLE_NAME;
    const update = (pk: string) =>
      new UpdateCommand({
        TableName,
        Key: { pk, sk: 's' },
        UpdateExpression: 'SET a = :a',
        ExpressionAttributeValues: { ':a': 1 },
      });
    expect(
      await decisions(fn, 'dynamodb', () =>
        documents().send(new PutCommand({ TableName, Item: { pk: audit, sk: 's' } })),
      ),
    ).toEqual(['allowed']);
    expect(await decisions(fn, 'dynamodb', () => documents().send(update('$cutloom#user_u1')))).toEqual([
      'allowed',
    ]);
    expect(await decisions(fn, 'dynamodb', () => documents().send(update(audit)))).toEqual(['explicit-deny']);
    const batch = new BatchWriteCommand({
      RequestItems: {
        [TableName as string]: [
          { PutRequest: { Item: { pk: 'x', sk: 's' } } },
          { DeleteRequest: { Key: { pk: audit, sk: 's' } } },
        ],
      },
    });
    expect(await decisions(fn, 'dynamodb', () => documents().send(batch))).toEqual(['explicit-deny']);
  });

  it("every route reads the origin secret; only the payment routes read the provider's", async () => {
    const reader = await deployed(routeWithGrants(['table:read']));
    const payer = await deployed(routeWithGrants(['table:read', 'table:write', 'payment:provider']));
    const secretArns = [
      payer.environment.ORIGIN_SECRET_ARN as string,
      payer.environment.PORTONE_SECRET_ARN as string,
    ];
    const read = (fn: typeof reader, secretId: string) =>
      decisions(
        fn,
        'secretsmanager',
        () => new SecretsManagerClient(config()).send(new GetSecretValueCommand({ SecretId: secretId })),
        { secretArns },
      );
    expect(await read(reader, reader.environment.ORIGIN_SECRET_ARN as string)).toEqual(['allowed']);
    expect(await read(payer, secretArns[1] as string)).toEqual(['allowed']);
    expect(await read(reader, secretArns[1] as string)).toEqual(['no-allow']);
  });

  it('a route with the bulk queue sends to that queue and no other', async () => {
    const fn = await deployed(routeWithGrants(['table:read', 'table:write', 'queue:bulk']));
    const url = fn.environment[queueUrlVariable('bulk-items')] as string;
    const send = (QueueUrl: string) => () =>
      new SQSClient(config()).send(
        new SendMessageBatchCommand({ QueueUrl, Entries: [{ Id: '0', MessageBody: '{}' }] }),
      );
    expect(await decisions(fn, 'sqs', send(url.replace(/^https:\/\/[^/]+/, capture.endpoint)))).toEqual([
      'allowed',
    ]);
    expect(await decisions(fn, 'sqs', send(`${capture.endpoint}/${ACCOUNT}/another-queue`))).toEqual([
      'no-allow',
    ]);
  });

  it('the renewal target schedules in its group, hands over the scheduler role, and mails from the sender identity', async () => {
    const fn = await deployed(RENEWAL_TARGET.id);
    const create = (GroupName: string, RoleArn: string) => () =>
      new SchedulerClient(config()).send(
        new CreateScheduleCommand({
          Name: 'renew-u1-4',
          GroupName,
          ScheduleExpression: 'at(2026-12-01T00:00:00)',
          FlexibleTimeWindow: { Mode: 'OFF' },
          Target: { Arn: fn.environment[scheduledTargetArnVariable(RENEWAL_TARGET.id)] as string, RoleArn },
        }),
      );
    const group = fn.environment.SCHEDULE_GROUP_NAME as string;
    const role = fn.environment.SCHEDULER_ROLE_ARN as string;
    expect(await decisions(fn, 'scheduler', create(group, role))).toEqual(['allowed', 'allowed']);
    expect(await decisions(fn, 'scheduler', create('default', role))).toEqual(['no-allow', 'allowed']);
    expect(await decisions(fn, 'scheduler', create(group, `arn:aws:iam::${ACCOUNT}:role/admin`))).toEqual([
      'allowed',
      'no-allow',
    ]);
    const mail = (from: string) => () =>
      new SESv2Client(config()).send(
        new SendEmailCommand({
          FromEmailAddress: from,
          Destination: { ToAddresses: ['kim@example.com'] },
          Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
        }),
      );
    expect(await decisions(fn, 'sesv2', mail(fn.environment.MAIL_FROM as string))).toEqual(['allowed']);
    expect(await decisions(fn, 'sesv2', mail('someone@elsewhere.example'))).toEqual(['no-allow']);
  });

  it('the analytics route puts on its stream; the feedback copy lists only projects/ and writes only cloud/', async () => {
    const analytics = await deployed(routeWithGrants(['analytics:put']));
    const put = (stream: string) => () =>
      new FirehoseClient(config()).send(
        new PutRecordBatchCommand({ DeliveryStreamName: stream, Records: [{ Data: new Uint8Array([1]) }] }),
      );
    expect(
      await decisions(analytics, 'firehose', put(analytics.environment.ANALYTICS_STREAM_NAME as string)),
    ).toEqual(['allowed']);
    expect(await decisions(analytics, 'firehose', put('another-stream'))).toEqual(['no-allow']);

    const copier = await deployed(
      routeWithGrants(['table:write', 'feedback-bucket:write', 'cloud-project-bucket:read']),
    );
    const projects = copier.environment.CLOUD_PROJECT_BUCKET as string;
    const feedback = copier.environment.FEEDBACK_BUCKET as string;
    const list = (Prefix: string) => () =>
      new S3Client(config()).send(new ListObjectsV2Command({ Bucket: projects, Prefix }));
    expect(await decisions(copier, 's3', list('projects/p1/'))).toEqual(['allowed']);
    expect(await decisions(copier, 's3', list('other/'))).toEqual(['no-allow']);
    const copy = (Key: string) => () =>
      new S3Client(config()).send(
        new CopyObjectCommand({ Bucket: feedback, Key, CopySource: `${projects}/projects/p1/media/a.srt` }),
      );
    expect(await decisions(copier, 's3', copy('cloud/p1/media/a.srt'))).toEqual(['allowed', 'allowed']);
    expect(await decisions(copier, 's3', copy('elsewhere/a.srt'))).toEqual(['no-allow', 'allowed']);
  });
});
