import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  DynamoDBClient,
  ExecuteStatementCommand,
  GetItemCommand,
  PutItemCommand,
  TransactWriteItemsCommand,
  UpdateItemCommand,
} from '@aws-sdk/client-dynamodb';
import { FirehoseClient, PutRecordBatchCommand } from '@aws-sdk/client-firehose';
import { GetObjectCommand, HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { CreateScheduleCommand, SchedulerClient } from '@aws-sdk/client-scheduler';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { App, Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { TableV2 } from 'aws-cdk-lib/aws-dynamodb';
import { Code, Function as LambdaFunction, Runtime } from 'aws-cdk-lib/aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantTable } from '../../../../infra/bundling.ts';
import { AUDIT_PARTITION_PREFIX } from '../../../../shared/audit/audit-trail.ts';
import { resolve } from '../../../deploy/template-values.ts';
import { type DynamoDbLocal, startDynamoDbLocal } from '../../dynamodb-local.ts';
import { ensureTable } from '../../table.ts';
import { type DeniedCall, type PermissionProxy, startPermissionProxy } from './permission-proxy.ts';
import type { NamedPolicy, RoleIdentity } from './policy-evaluator.ts';

/**
 * The proxy in front of DynamoDB Local, called by the real SDK clients as a function calls it: what the
 * role allows reaches the database, what it does not fails in the function as AWS fails it and changes
 * nothing. The audit trail's deny is the statement the product's own CDK grant synthesizes.
 */

const REGION = 'ap-northeast-2';
const ACCOUNT = '123456789012';
const TABLE_NAME = 'cutloom-permissions';
const TABLE = `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/${TABLE_NAME}`;
const role = (name: string) => `arn:aws:iam::${ACCOUNT}:role/Cutloom-test-${name}`;
const allow = (name: string, actions: string[], resources: string[]): NamedPolicy => ({
  name,
  document: { Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: actions, Resource: resources }] },
});

/** The write grant's policy exactly as CDK synthesizes it for a function (infra/bundling.ts grantTable), resolved. */
async function synthesizedWriteGrant(): Promise<NamedPolicy> {
  const app = new App();
  const stack = new Stack(app, 'Grant', { env: { account: ACCOUNT, region: REGION } });
  const fn = new LambdaFunction(stack, 'Fn', {
    runtime: Runtime.NODEJS_22_X,
    handler: 'index.handler',
    code: Code.fromInline('export const handler = async () => {};'),
  });
  grantTable(fn, TableV2.fromTableName(stack, 'Table', TABLE_NAME), 'write');
  const [logicalId, policy] =
    Object.entries(Template.fromStack(stack).findResources('AWS::IAM::Policy'))[0] ?? [];
  const context = {
    stackName: 'Grant',
    region: REGION,
    account: ACCOUNT,
    physical: new Map(),
    parameters: new Map(),
    exports: new Map(),
    attribute: async () => undefined,
  };
  return {
    name: String(logicalId),
    document: (await resolve(policy?.Properties.PolicyDocument, context)) as NamedPolicy['document'],
  };
}

const identities = new Map<string, RoleIdentity>();
const keyOf = (functionName: string) => `ASIA${functionName.toUpperCase().replace(/[^A-Z0-9]/g, '')}`;
function addFunction(functionName: string, policies: NamedPolicy[]) {
  identities.set(keyOf(functionName), { functionName, roleArn: role(functionName), policies });
}
const credentials = (functionName: string) => ({
  accessKeyId: keyOf(functionName),
  secretAccessKey: 'local',
  sessionToken: 'session',
});

let database: DynamoDbLocal;
let proxy: PermissionProxy;
let objects: Server;
const lines: string[] = [];
let auditGrant: NamedPolicy;

beforeAll(async () => {
  [database, auditGrant] = await Promise.all([startDynamoDbLocal({}), synthesizedWriteGrant()]);
  const direct = new DynamoDBClient({
    endpoint: database.endpoint,
    region: REGION,
    credentials: credentials('admin'),
  });
  await ensureTable(direct, TABLE_NAME);
  direct.destroy();
  objects = createServer((_, res) => res.end('feedback file')).listen(0, '127.0.0.1');
  await new Promise((resolveListen) => objects.once('listening', resolveListen));
  proxy = await startPermissionProxy({
    upstreams: {
      dynamodb: database.endpoint,
      s3: `http://127.0.0.1:${(objects.address() as AddressInfo).port}`,
    },
    region: REGION,
    account: ACCOUNT,
    identityOf: (accessKeyId) => identities.get(accessKeyId),
    log: (line) => lines.push(line),
  });
  addFunction('put-only', [allow('PutOnly', ['dynamodb:PutItem', 'dynamodb:GetItem'], [TABLE])]);
  addFunction('read-only', [allow('ReadOnly', ['dynamodb:GetItem'], [TABLE])]);
  addFunction('writer', [auditGrant]);
  addFunction('nothing', []);
  addFunction('reads-feedback', [allow('Feedback', ['s3:GetObject'], ['arn:aws:s3:::feedback/*'])]);
}, 90_000);

afterAll(async () => {
  await proxy?.stop();
  objects?.close();
  await database?.stop();
});

const dynamo = (functionName: string) =>
  new DynamoDBClient({
    endpoint: proxy.endpoints.dynamodb,
    region: REGION,
    credentials: credentials(functionName),
  });
const item = (pk: string) => ({ pk: { S: pk }, sk: { S: 'item' }, note: { S: 'x' } });
const stored = async (pk: string) =>
  (
    await dynamo('put-only').send(
      new GetItemCommand({ TableName: TABLE_NAME, Key: { pk: { S: pk }, sk: { S: 'item' } } }),
    )
  ).Item;
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => undefined,
    (error: Error & { $metadata?: { httpStatusCode?: number } }) => error,
  );
const deniedOf = (functionName: string) =>
  proxy.denied().filter((call) => call.functionName === functionName);

describe('the permission proxy in front of DynamoDB Local', () => {
  it('forwards what the role allows: the item is written', async () => {
    await dynamo('put-only').send(new PutItemCommand({ TableName: TABLE_NAME, Item: item('allowed') }));
    expect(await stored('allowed')).toMatchObject({ note: { S: 'x' } });
  });

  it('refuses what the role does not allow as DynamoDB does, with the action and resource, and writes nothing', async () => {
    const heard: DeniedCall[] = [];
    const stop = proxy.onDenied((call) => heard.push(call));
    const error = await refusal(
      dynamo('read-only').send(new PutItemCommand({ TableName: TABLE_NAME, Item: item('refused') })),
    );
    stop();
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.$metadata?.httpStatusCode).toBe(400);
    expect(error?.message).toBe(
      `User: arn:aws:sts::${ACCOUNT}:assumed-role/Cutloom-test-read-only/read-only is not authorized to perform: dynamodb:PutItem on resource: ${TABLE} because no identity-based policy allows the dynamodb:PutItem action`,
    );
    expect(await stored('refused')).toBeUndefined();
    expect(heard).toEqual([
      expect.objectContaining({
        functionName: 'read-only',
        action: 'dynamodb:PutItem',
        resource: TABLE,
        reason: 'no-allow',
      }),
    ]);
    // Logged once, although the SDK retries some failures: an access denial is not one of them.
    expect(lines.filter((line) => line.includes('read-only'))).toHaveLength(1);
  });

  it('refuses a transaction whose Put is allowed and whose Update is not, and none of it happens', async () => {
    const error = await refusal(
      dynamo('put-only').send(
        new TransactWriteItemsCommand({
          TransactItems: [
            { Put: { TableName: TABLE_NAME, Item: item('in-transaction') } },
            {
              Update: {
                TableName: TABLE_NAME,
                Key: { pk: { S: 'allowed' }, sk: { S: 'item' } },
                UpdateExpression: 'SET note = :n',
                ExpressionAttributeValues: { ':n': { S: 'changed' } },
              },
            },
          ],
        }),
      ),
    );
    expect(error?.name).toBe('AccessDeniedException');
    expect(error?.message).toContain('dynamodb:UpdateItem');
    expect(await stored('in-transaction')).toBeUndefined();
    expect(await stored('allowed')).toMatchObject({ note: { S: 'x' } });
  });

  describe("the audit trail's deny, as the product's write grant synthesizes it", () => {
    const audit = `${AUDIT_PARTITION_PREFIX}2026-11`;
    it('is the synthesized statement: a deny on the table conditioned on the audit partitions', () => {
      const statements = [auditGrant.document.Statement].flat();
      expect(statements).toContainEqual({
        Effect: 'Deny',
        Action: ['dynamodb:UpdateItem', 'dynamodb:DeleteItem', 'dynamodb:BatchWriteItem'],
        Resource: TABLE,
        Condition: { 'ForAnyValue:StringLike': { 'dynamodb:LeadingKeys': [`${AUDIT_PARTITION_PREFIX}*`] } },
      });
    });
    it('wins over the grant that allows UpdateItem: an audit entry can be added, never changed', async () => {
      await dynamo('writer').send(new PutItemCommand({ TableName: TABLE_NAME, Item: item(audit) }));
      const change = new UpdateItemCommand({
        TableName: TABLE_NAME,
        Key: { pk: { S: audit }, sk: { S: 'item' } },
        UpdateExpression: 'SET note = :n',
        ExpressionAttributeValues: { ':n': { S: 'rewritten' } },
      });
      const error = await refusal(dynamo('writer').send(change));
      expect(error?.name).toBe('AccessDeniedException');
      expect(error?.message).toContain('dynamodb:UpdateItem');
      expect(error?.message).toContain('with an explicit deny in an identity-based policy');
      expect(await stored(audit)).toMatchObject({ note: { S: 'x' } });
      expect(deniedOf('writer')).toEqual([
        expect.objectContaining({
          reason: 'explicit-deny',
          statement: { policy: auditGrant.name, index: 1 },
          action: 'dynamodb:UpdateItem',
        }),
      ]);
      // Another partition is the grant's to change.
      await dynamo('writer').send(new PutItemCommand({ TableName: TABLE_NAME, Item: item('ordinary') }));
      await dynamo('writer').send(
        new UpdateItemCommand({ ...change.input, Key: { pk: { S: 'ordinary' }, sk: { S: 'item' } } }),
      );
    });
  });

  it('answers an unknown access key as DynamoDB answers an invalid one', async () => {
    const stranger = new DynamoDBClient({
      endpoint: proxy.endpoints.dynamodb,
      region: REGION,
      credentials: { accessKeyId: 'ASIAUNKNOWN', secretAccessKey: 'x' },
    });
    const error = await refusal(
      stranger.send(new GetItemCommand({ TableName: TABLE_NAME, Key: { pk: { S: 'a' }, sk: { S: 'b' } } })),
    );
    expect(error?.name).toBe('UnrecognizedClientException');
  });

  it('refuses, and lists, an operation the check does not model rather than forwarding it', async () => {
    const error = await refusal(
      dynamo('put-only').send(new ExecuteStatementCommand({ Statement: `SELECT * FROM "${TABLE_NAME}"` })),
    );
    expect(error?.name).toBe('AccessDeniedException');
    expect(deniedOf('put-only')).toContainEqual(
      expect.objectContaining({
        action: 'dynamodb:ExecuteStatement',
        unmodelled: expect.stringContaining('ExecuteStatement'),
      }),
    );
  });
});

describe("every service's refusal, as its own SDK client throws it", () => {
  const config = () => ({ region: REGION, credentials: credentials('nothing'), maxAttempts: 1 });
  const cases: [string, () => Promise<unknown>, string, number][] = [
    [
      'SQS (JSON, AccessDenied from x-amzn-query-error)',
      () =>
        new SQSClient({ ...config(), endpoint: proxy.endpoints.sqs }).send(
          new SendMessageBatchCommand({
            QueueUrl: `${proxy.endpoints.sqs}/${ACCOUNT}/jobs`,
            Entries: [{ Id: '1', MessageBody: '{}' }],
          }),
        ),
      'AccessDenied',
      403,
    ],
    [
      'S3 (XML)',
      () =>
        new S3Client({ ...config(), endpoint: proxy.endpoints.s3 }).send(
          new GetObjectCommand({ Bucket: 'feedback', Key: 'a.log' }),
        ),
      'AccessDenied',
      403,
    ],
    [
      'EventBridge Scheduler (REST JSON)',
      () =>
        new SchedulerClient({ ...config(), endpoint: proxy.endpoints.scheduler }).send(
          new CreateScheduleCommand({
            Name: 'n',
            ScheduleExpression: 'at(2026-12-01T00:00:00)',
            FlexibleTimeWindow: { Mode: 'OFF' },
            Target: {
              Arn: 'arn:aws:lambda:ap-northeast-2:123456789012:function:f',
              RoleArn: role('scheduler'),
            },
          }),
        ),
      'AccessDeniedException',
      403,
    ],
    [
      'SES v2 (REST JSON)',
      () =>
        new SESv2Client({ ...config(), endpoint: proxy.endpoints.sesv2 }).send(
          new SendEmailCommand({
            FromEmailAddress: 'no-reply@cutloom.example',
            Destination: { ToAddresses: ['kim@example.com'] },
            Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
          }),
        ),
      'AccessDeniedException',
      403,
    ],
    [
      'Secrets Manager (JSON 1.1)',
      () =>
        new SecretsManagerClient({ ...config(), endpoint: proxy.endpoints.secretsmanager }).send(
          new GetSecretValueCommand({ SecretId: 'cutloom/test/portone' }),
        ),
      'AccessDeniedException',
      400,
    ],
    [
      'Firehose (JSON 1.1)',
      () =>
        new FirehoseClient({ ...config(), endpoint: proxy.endpoints.firehose }).send(
          new PutRecordBatchCommand({
            DeliveryStreamName: 'events',
            Records: [{ Data: new Uint8Array([1]) }],
          }),
        ),
      'AccessDeniedException',
      400,
    ],
  ];
  it.each(cases)('%s', async (_, call, name, status) => {
    const error = await refusal(call());
    expect(error?.name).toBe(name);
    expect(error?.$metadata?.httpStatusCode).toBe(status);
    expect(error?.message).toMatch(
      /^User: arn:aws:sts::123456789012:assumed-role\/Cutloom-test-nothing\/nothing is not authorized to perform: /,
    );
  });
  it('S3 HeadObject: a 403 without a body, as S3 answers a HEAD', async () => {
    const error = await refusal(
      new S3Client({ ...config(), endpoint: proxy.endpoints.s3 }).send(
        new HeadObjectCommand({ Bucket: 'feedback', Key: 'a.log' }),
      ),
    );
    expect(error?.$metadata?.httpStatusCode).toBe(403);
  });
});

describe('a presigned S3 link is checked when it is used, with the permissions of the function that signed it', () => {
  const link = (functionName: string) =>
    getSignedUrl(
      new S3Client({ region: REGION, endpoint: proxy.endpoints.s3, credentials: credentials(functionName) }),
      new GetObjectCommand({ Bucket: 'feedback', Key: 'a.log' }),
      { expiresIn: 300 },
    );
  it('opens for a signer allowed s3:GetObject on the object', async () => {
    const answer = await fetch(await link('reads-feedback'));
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe('feedback file');
  });
  it('is refused for a signer without it, in S3 XML', async () => {
    const answer = await fetch(await link('read-only'));
    expect(answer.status).toBe(403);
    expect(await answer.text()).toContain('<Code>AccessDenied</Code>');
  });
});
