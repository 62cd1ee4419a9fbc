import { DescribeTableCommand, DynamoDBClient, ExecuteStatementCommand } from '@aws-sdk/client-dynamodb';
import { FirehoseClient, PutRecordBatchCommand } from '@aws-sdk/client-firehose';
import {
  CopyObjectCommand,
  DeleteObjectsCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutBucketPolicyCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import {
  CreateScheduleCommand,
  DeleteScheduleCommand,
  GetScheduleCommand,
  SchedulerClient,
} from '@aws-sdk/client-scheduler';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import { GetQueueUrlCommand, SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import {
  BatchGetCommand,
  BatchWriteCommand,
  DeleteCommand,
  type DeleteCommandInput,
  DynamoDBDocumentClient,
  GetCommand,
  PutCommand,
  type PutCommandInput,
  QueryCommand,
  ScanCommand,
  TransactGetCommand,
  TransactWriteCommand,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { getSignedUrl } from '@aws-sdk/s3-request-presigner';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AuditEntry } from '../../../../functions/core/data/entities/audit-entry.ts';
import {
  type AwsHttpRequest,
  type AwsService,
  authorizationRequests,
  UnknownOperationError,
} from './aws-requests.ts';
import { CAPTURE_CREDENTIALS, type SdkCapture, startSdkCapture } from './sdk-capture.ts';

/**
 * The request mapping on the exact wire format of the SDK clients the functions use: each call is made
 * with the real client (and ElectroDB's own parameters where ElectroDB builds them) against a throwaway
 * loopback server, and what it sent is mapped to what IAM authorizes (the Service Authorization Reference).
 */

const REGION = 'ap-northeast-2';
const ACCOUNT = '123456789012';
const WHERE = { region: REGION, account: ACCOUNT };
const TABLE = `arn:aws:dynamodb:${REGION}:${ACCOUNT}:table/cutloom-test`;
const AUDIT_PK = '$cutloom#auditmonth_2026-11';

let capture: SdkCapture;
beforeAll(async () => {
  capture = await startSdkCapture();
});
afterAll(() => capture.close());

const clientConfig = () => ({
  region: REGION,
  endpoint: capture.endpoint,
  credentials: CAPTURE_CREDENTIALS,
  maxAttempts: 1,
});

async function sent(call: () => Promise<unknown>): Promise<AwsHttpRequest> {
  const requests = await capture.capture(call);
  expect(requests).toHaveLength(1);
  return requests[0] as AwsHttpRequest;
}

async function mapped(service: AwsService, call: () => Promise<unknown>, where = WHERE) {
  return authorizationRequests(service, await sent(call), where);
}

describe('DynamoDB (JSON 1.0, X-Amz-Target DynamoDB_20120810.*), as the document client and ElectroDB send it', () => {
  const documents = () => DynamoDBDocumentClient.from(new DynamoDBClient(clientConfig()));
  const entry = () => AuditEntry();

  it('GetItem, PutItem, UpdateItem and DeleteItem on the table, with the item partition as LeadingKeys', async () => {
    const key = { pk: AUDIT_PK, sk: 'x' };
    expect(
      await mapped('dynamodb', () =>
        documents().send(new GetCommand({ TableName: 'cutloom-test', Key: key })),
      ),
    ).toEqual([
      { action: 'dynamodb:GetItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': [AUDIT_PK] } },
    ]);
    const put = entry()
      .put({
        entryId: 'e1',
        at: 1,
        auditMonth: '2026-11',
        kind: 'k',
        outcome: 'done',
        staffUid: 's',
        staffEmail: 'a@b.c',
      })
      .params({ table: 'cutloom-test' });
    expect(await mapped('dynamodb', () => documents().send(new PutCommand(put as PutCommandInput)))).toEqual([
      { action: 'dynamodb:PutItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': [AUDIT_PK] } },
    ]);
    const update = new UpdateCommand({
      TableName: 'cutloom-test',
      Key: key,
      UpdateExpression: 'SET #o = :o',
      ExpressionAttributeNames: { '#o': 'outcome' },
      ExpressionAttributeValues: { ':o': 'refused' },
      ReturnValues: 'ALL_NEW',
    });
    expect(await mapped('dynamodb', () => documents().send(update))).toEqual([
      {
        action: 'dynamodb:UpdateItem',
        resource: TABLE,
        context: { 'dynamodb:LeadingKeys': [AUDIT_PK], 'dynamodb:ReturnValues': 'ALL_NEW' },
      },
    ]);
    const remove = entry()
      .delete({ auditMonth: '2026-11', at: 1, entryId: 'e1' })
      .params({ table: 'cutloom-test' });
    expect(
      await mapped('dynamodb', () => documents().send(new DeleteCommand(remove as DeleteCommandInput))),
    ).toEqual([
      { action: 'dynamodb:DeleteItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': [AUDIT_PK] } },
    ]);
  });

  it('Query on the table and on an index (the index is its own resource; LeadingKeys its partition), Scan', async () => {
    const byMonth = entry().query.byMonth({ auditMonth: '2026-11' }).params({ table: 'cutloom-test' });
    expect(await mapped('dynamodb', () => documents().send(new QueryCommand(byMonth)))).toEqual([
      { action: 'dynamodb:Query', resource: TABLE, context: { 'dynamodb:LeadingKeys': [AUDIT_PK] } },
    ]);
    const byStaff = entry().query.byStaff({ staffUid: 'u1' }).params({ table: 'cutloom-test' });
    expect(await mapped('dynamodb', () => documents().send(new QueryCommand(byStaff)))).toEqual([
      {
        action: 'dynamodb:Query',
        resource: `${TABLE}/index/gsi1`,
        context: { 'dynamodb:LeadingKeys': ['$cutloom#staffuid_u1'] },
      },
    ]);
    expect(
      await mapped('dynamodb', () => documents().send(new ScanCommand({ TableName: 'cutloom-test' }))),
    ).toEqual([{ action: 'dynamodb:Scan', resource: TABLE, context: {} }]);
  });

  it('BatchGetItem and BatchWriteItem are actions of their own, with every partition they touch', async () => {
    const batchGet = new BatchGetCommand({
      RequestItems: {
        'cutloom-test': {
          Keys: [
            { pk: 'a', sk: '1' },
            { pk: 'b', sk: '1' },
            { pk: 'a', sk: '2' },
          ],
        },
      },
    });
    expect(await mapped('dynamodb', () => documents().send(batchGet))).toEqual([
      { action: 'dynamodb:BatchGetItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': ['a', 'b'] } },
    ]);
    const batchWrite = new BatchWriteCommand({
      RequestItems: {
        'cutloom-test': [
          { PutRequest: { Item: { pk: 'a', sk: '1', n: 1 } } },
          { DeleteRequest: { Key: { pk: AUDIT_PK, sk: '1' } } },
        ],
      },
    });
    expect(await mapped('dynamodb', () => documents().send(batchWrite))).toEqual([
      {
        action: 'dynamodb:BatchWriteItem',
        resource: TABLE,
        context: { 'dynamodb:LeadingKeys': ['a', AUDIT_PK] },
      },
    ]);
  });

  it("TransactWriteItems and TransactGetItems need each item's own action", async () => {
    const write = new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: 'cutloom-test', Item: { pk: 'p', sk: '1' } } },
        {
          Update: {
            TableName: 'cutloom-test',
            Key: { pk: 'u', sk: '1' },
            UpdateExpression: 'SET a = :a',
            ExpressionAttributeValues: { ':a': 1 },
          },
        },
        { Delete: { TableName: 'cutloom-test', Key: { pk: 'd', sk: '1' } } },
        {
          ConditionCheck: {
            TableName: 'cutloom-test',
            Key: { pk: 'c', sk: '1' },
            ConditionExpression: 'attribute_exists(pk)',
          },
        },
      ],
    });
    expect(await mapped('dynamodb', () => documents().send(write))).toEqual(
      [
        ['PutItem', 'p'],
        ['UpdateItem', 'u'],
        ['DeleteItem', 'd'],
        ['ConditionCheckItem', 'c'],
      ].map(([action, pk]) => ({
        action: `dynamodb:${action}`,
        resource: TABLE,
        context: { 'dynamodb:LeadingKeys': [pk] },
      })),
    );
    const read = new TransactGetCommand({
      TransactItems: [{ Get: { TableName: 'cutloom-test', Key: { pk: 'g', sk: '1' } } }],
    });
    expect(await mapped('dynamodb', () => documents().send(read))).toEqual([
      { action: 'dynamodb:GetItem', resource: TABLE, context: { 'dynamodb:LeadingKeys': ['g'] } },
    ]);
  });

  it('DescribeTable; a table named by its ARN; an operation it does not know is refused, not forwarded', async () => {
    const client = new DynamoDBClient(clientConfig());
    expect(
      await mapped('dynamodb', () => client.send(new DescribeTableCommand({ TableName: TABLE }))),
    ).toEqual([{ action: 'dynamodb:DescribeTable', resource: TABLE, context: {} }]);
    const partiql = await sent(() =>
      client.send(new ExecuteStatementCommand({ Statement: 'SELECT * FROM t' })),
    );
    expect(() => authorizationRequests('dynamodb', partiql, WHERE)).toThrow(UnknownOperationError);
  });
});

describe('SQS (JSON, AmazonSQS.*)', () => {
  it('SendMessageBatch is sqs:SendMessage on the queue of the QueueUrl; GetQueueUrl on the named queue', async () => {
    const client = new SQSClient(clientConfig());
    const send = new SendMessageBatchCommand({
      QueueUrl: `${capture.endpoint}/000000000000/cutloom-test-bulk-items`,
      Entries: [{ Id: '0-a', MessageBody: '{}' }],
    });
    expect(await mapped('sqs', () => client.send(send))).toEqual([
      {
        action: 'sqs:SendMessage',
        resource: `arn:aws:sqs:${REGION}:000000000000:cutloom-test-bulk-items`,
        context: {},
      },
    ]);
    expect(await mapped('sqs', () => client.send(new GetQueueUrlCommand({ QueueName: 'jobs' })))).toEqual([
      { action: 'sqs:GetQueueUrl', resource: `arn:aws:sqs:${REGION}:${ACCOUNT}:jobs`, context: {} },
    ]);
  });
});

describe('S3 (REST)', () => {
  // An IP endpoint makes the SDK address buckets by path; *.localhost and AWS hosts by virtual host.
  const s3 = () => new S3Client(clientConfig());
  const object = 'arn:aws:s3:::cutloom-test-feedback-files/cloud/p1/media/intro.srt';

  it('HeadObject and GetObject are s3:GetObject on the object; ListObjectsV2 is s3:ListBucket with s3:prefix', async () => {
    const key = { Bucket: 'cutloom-test-feedback-files', Key: 'cloud/p1/media/intro.srt' };
    expect(await mapped('s3', () => s3().send(new HeadObjectCommand(key)))).toEqual([
      { action: 's3:GetObject', resource: object, context: {} },
    ]);
    expect(await mapped('s3', () => s3().send(new GetObjectCommand(key)))).toEqual([
      { action: 's3:GetObject', resource: object, context: {} },
    ]);
    const list = new ListObjectsV2Command({ Bucket: 'cutloom-test-cloud-projects', Prefix: 'projects/p1/' });
    expect(await mapped('s3', () => s3().send(list))).toEqual([
      {
        action: 's3:ListBucket',
        resource: 'arn:aws:s3:::cutloom-test-cloud-projects',
        context: { 's3:prefix': 'projects/p1/' },
      },
    ]);
  });

  it('CopyObject needs s3:PutObject on the copy and s3:GetObject on the source', async () => {
    const copy = new CopyObjectCommand({
      Bucket: 'cutloom-test-feedback-files',
      Key: 'cloud/p1/media/intro.srt',
      CopySource: 'cutloom-test-cloud-projects/projects/p1/media/intro.srt',
    });
    expect(await mapped('s3', () => s3().send(copy))).toEqual([
      { action: 's3:PutObject', resource: object, context: {} },
      {
        action: 's3:GetObject',
        resource: 'arn:aws:s3:::cutloom-test-cloud-projects/projects/p1/media/intro.srt',
        context: {},
      },
    ]);
  });

  it('a presigned GET link is authorized when used, on the object, for whoever signed it', async () => {
    const link = new URL(
      await getSignedUrl(
        s3(),
        new GetObjectCommand({ Bucket: 'cutloom-test-feedback-files', Key: 'a b.log' }),
        {
          expiresIn: 60,
        },
      ),
    );
    expect(link.searchParams.get('X-Amz-Credential')).toMatch(/^AKIACAPTURE\//);
    const used = { method: 'GET', url: link, headers: { host: link.host }, body: Buffer.alloc(0) };
    expect(authorizationRequests('s3', used, WHERE)).toEqual([
      { action: 's3:GetObject', resource: 'arn:aws:s3:::cutloom-test-feedback-files/a b.log', context: {} },
    ]);
  });

  it('reads the bucket from a virtual-hosted-style host too; PutObject, DeleteObjects; refuses what it does not know', async () => {
    const virtual = {
      method: 'PUT',
      url: new URL(
        'http://cutloom-test-feedback-files.s3.ap-northeast-2.amazonaws.com/cloud/x.log?x-id=PutObject',
      ),
      headers: { host: 'cutloom-test-feedback-files.s3.ap-northeast-2.amazonaws.com' },
      body: Buffer.from('x'),
    };
    expect(authorizationRequests('s3', virtual, WHERE)).toEqual([
      {
        action: 's3:PutObject',
        resource: 'arn:aws:s3:::cutloom-test-feedback-files/cloud/x.log',
        context: {},
      },
    ]);
    const put = new PutObjectCommand({ Bucket: 'b', Key: 'k', Body: 'x', Tagging: 'a=b' });
    expect((await mapped('s3', () => s3().send(put))).map((request) => request.action)).toEqual([
      's3:PutObject',
      's3:PutObjectTagging',
    ]);
    const deleteMany = new DeleteObjectsCommand({
      Bucket: 'b',
      Delete: { Objects: [{ Key: 'one' }, { Key: 'two' }] },
    });
    expect(await mapped('s3', () => s3().send(deleteMany))).toEqual([
      { action: 's3:DeleteObject', resource: 'arn:aws:s3:::b/one', context: {} },
      { action: 's3:DeleteObject', resource: 'arn:aws:s3:::b/two', context: {} },
    ]);
    const policy = await sent(() => s3().send(new PutBucketPolicyCommand({ Bucket: 'b', Policy: '{}' })));
    expect(() => authorizationRequests('s3', policy, WHERE)).toThrow(UnknownOperationError);
  });
});

describe('EventBridge Scheduler (REST JSON)', () => {
  const scheduler = () => new SchedulerClient(clientConfig());
  const schedule = `arn:aws:scheduler:${REGION}:${ACCOUNT}:schedule/cutloom-test/renew-u1-3`;

  it('CreateSchedule on the schedule of its group, and iam:PassRole for the role it hands over', async () => {
    const create = new CreateScheduleCommand({
      Name: 'renew-u1-3',
      GroupName: 'cutloom-test',
      ScheduleExpression: 'at(2026-12-01T00:00:00)',
      FlexibleTimeWindow: { Mode: 'OFF' },
      Target: {
        Arn: `arn:aws:lambda:${REGION}:${ACCOUNT}:function:renew`,
        RoleArn: `arn:aws:iam::${ACCOUNT}:role/scheduler`,
        Input: '{}',
      },
    });
    expect(await mapped('scheduler', () => scheduler().send(create))).toEqual([
      { action: 'scheduler:CreateSchedule', resource: schedule, context: {} },
      {
        action: 'iam:PassRole',
        resource: `arn:aws:iam::${ACCOUNT}:role/scheduler`,
        context: { 'iam:PassedToService': 'scheduler.amazonaws.com' },
      },
    ]);
  });
  it('DeleteSchedule and GetSchedule name the group in the query', async () => {
    const names = { Name: 'renew-u1-3', GroupName: 'cutloom-test' };
    expect(await mapped('scheduler', () => scheduler().send(new DeleteScheduleCommand(names)))).toEqual([
      { action: 'scheduler:DeleteSchedule', resource: schedule, context: {} },
    ]);
    expect(await mapped('scheduler', () => scheduler().send(new GetScheduleCommand(names)))).toEqual([
      { action: 'scheduler:GetSchedule', resource: schedule, context: {} },
    ]);
  });
});

describe('SES v2 SendEmail', () => {
  const mail = (from: string) =>
    new SendEmailCommand({
      FromEmailAddress: from,
      Destination: { ToAddresses: ['kim@example.com'] },
      Content: { Simple: { Subject: { Data: 's' }, Body: { Text: { Data: 't' } } } },
    });
  const identity = (name: string) => `arn:aws:ses:${REGION}:${ACCOUNT}:identity/${name}`;
  const context = {
    'ses:FromAddress': 'no-reply@cutloom.example',
    'ses:FromDisplayName': 'Cutloom',
    'ses:Recipients': ['kim@example.com'],
    'ses:ApiVersion': '2',
  };

  it('is ses:SendEmail on the identity the sender is verified through: the domain unless the address is', async () => {
    const ses = new SESv2Client(clientConfig());
    expect(await mapped('sesv2', () => ses.send(mail('Cutloom <no-reply@cutloom.example>')))).toEqual([
      { action: 'ses:SendEmail', resource: identity('cutloom.example'), context },
    ]);
    const verifiedAddress = { ...WHERE, sesIdentities: ['no-reply@cutloom.example', 'cutloom.example'] };
    expect(
      await mapped('sesv2', () => ses.send(mail('Cutloom <no-reply@cutloom.example>')), verifiedAddress),
    ).toEqual([{ action: 'ses:SendEmail', resource: identity('no-reply@cutloom.example'), context }]);
  });
});

describe('Secrets Manager (JSON 1.1)', () => {
  const full = `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:cutloom/test/portone-AbCdEf`;
  const read = async (secretId: string, where: Parameters<typeof authorizationRequests>[2] = WHERE) =>
    mapped(
      'secretsmanager',
      () => new SecretsManagerClient(clientConfig()).send(new GetSecretValueCommand({ SecretId: secretId })),
      where,
    );

  it('GetSecretValue on the full ARN, whether the secret is named by ARN, by name or by partial ARN', async () => {
    const where = { ...WHERE, secretArns: [full] };
    for (const secretId of [full, 'cutloom/test/portone', full.slice(0, -7)])
      expect(await read(secretId, where)).toEqual([
        {
          action: 'secretsmanager:GetSecretValue',
          resource: full,
          context: { 'secretsmanager:SecretId': secretId },
        },
      ]);
  });
  it('a name no secret has keeps the ARN without suffix, which a `-??????` grant never covers', async () => {
    expect((await read('cutloom/test/none'))[0]?.resource).toBe(
      `arn:aws:secretsmanager:${REGION}:${ACCOUNT}:secret:cutloom/test/none`,
    );
  });
});

describe('Firehose (JSON 1.1)', () => {
  it('PutRecordBatch on the delivery stream', async () => {
    const put = new PutRecordBatchCommand({
      DeliveryStreamName: 'cutloom-test-events',
      Records: [{ Data: new Uint8Array([1]) }],
    });
    expect(await mapped('firehose', () => new FirehoseClient(clientConfig()).send(put))).toEqual([
      {
        action: 'firehose:PutRecordBatch',
        resource: `arn:aws:firehose:${REGION}:${ACCOUNT}:deliverystream/cutloom-test-events`,
        context: {},
      },
    ]);
  });
});
