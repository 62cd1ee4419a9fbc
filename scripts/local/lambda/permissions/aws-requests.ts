import { XMLParser } from 'fast-xml-parser';
import { TABLE_DESIGN } from '../../../../shared/data/table-design.ts';
import type { AuthorizationRequest } from './policy-evaluator.ts';

/**
 * What IAM authorizes for one HTTP request an AWS SDK v3 client sends: the actions, resources and
 * condition keys of the Service Authorization Reference
 * (https://docs.aws.amazon.com/service-authorization/latest/reference/reference_policies_actions-resources-contextkeys.html)
 * for every operation the functions make, and their close relatives. An operation not listed here throws
 * UnknownOperationError, which the proxy turns into a denial: nothing is forwarded unchecked.
 */

export type AwsService = 'dynamodb' | 'sqs' | 's3' | 'scheduler' | 'sesv2' | 'secretsmanager' | 'firehose';
export const AWS_SERVICES: readonly AwsService[] = [
  'dynamodb',
  'sqs',
  's3',
  'scheduler',
  'sesv2',
  'secretsmanager',
  'firehose',
];

export interface AwsHttpRequest {
  method: string;
  url: URL;
  headers: Record<string, string>;
  body: Buffer;
}

/** A table's partition key and each index's, to read `dynamodb:LeadingKeys` from items, keys and queries. */
export interface TableKeys {
  partitionKey: string;
  indexes: Record<string, string>;
}

export interface RequestLocation {
  region: string;
  account: string;
  /** Key names per table; a table not named here has the product's one table design (shared/data/table-design.ts). */
  tableKeys?: Record<string, TableKeys>;
  /**
   * The full ARNs of the secrets that exist (`…:secret:NAME-AbCdEf`), so that a secret named by its name or
   * a partial ARN is authorized on its full ARN, as Secrets Manager does.
   */
  secretArns?: readonly string[];
  /**
   * The SES identities verified in the account (addresses and domains). SES authorizes a sending on the
   * identity the From address is verified through: the address itself when it is verified, else its
   * domain. Without this list the domain is taken as the verified identity, as docs/deploying.md sets up.
   */
  sesIdentities?: readonly string[];
}

/** An operation the check does not know how to authorize: the proxy refuses it and says so. */
export class UnknownOperationError extends Error {
  override name = 'UnknownOperationError';
  constructor(
    readonly service: AwsService,
    readonly operation: string,
  ) {
    super(`The permission check does not know what ${service} ${operation} needs`);
  }
}

/**
 * The condition keys (lower case) filled whenever AWS fills them for the operations below, plus the global
 * keys the proxy adds (permission-proxy.ts). A policy conditioned on any other key cannot be evaluated
 * faithfully and is refused by the evaluator (EvaluationOptions.knownConditionKeys).
 */
export const MODELLED_CONDITION_KEYS: ReadonlySet<string> = new Set([
  'aws:principalarn',
  'aws:principalaccount',
  'aws:principaltype',
  'aws:requestedregion',
  'aws:securetransport',
  'dynamodb:leadingkeys',
  'dynamodb:select',
  'dynamodb:returnvalues',
  'dynamodb:returnconsumedcapacity',
  's3:prefix',
  's3:delimiter',
  's3:max-keys',
  'iam:passedtoservice',
  'ses:fromaddress',
  'ses:fromdisplayname',
  'ses:recipients',
  'ses:apiversion',
  'secretsmanager:secretid',
  'secretsmanager:versionid',
  'secretsmanager:versionstage',
]);

type Json = Record<string, unknown>;
type Context = AuthorizationRequest['context'];

function header(request: AwsHttpRequest, name: string): string | undefined {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(request.headers)) if (key.toLowerCase() === wanted) return value;
  return undefined;
}

/** The operation of a JSON-protocol request (`X-Amz-Target: Prefix.Operation`). */
function jsonOperation(request: AwsHttpRequest, prefix: string, service: AwsService): string {
  const target = header(request, 'x-amz-target') ?? '';
  if (!target.startsWith(`${prefix}.`))
    throw new UnknownOperationError(service, target || `${request.method} ${request.url.pathname}`);
  return target.slice(prefix.length + 1);
}

function jsonBody(request: AwsHttpRequest): Json {
  if (request.body.length === 0) return {};
  return JSON.parse(request.body.toString('utf8')) as Json;
}

const one = (action: string, resource: string, context: Context = {}): AuthorizationRequest => ({
  action,
  resource,
  context,
});

// ---------------------------------------------------------------------------------------------- DynamoDB

/** The string a key attribute value stands for in `dynamodb:LeadingKeys`. */
function attributeText(value: unknown): string | undefined {
  if (!value || typeof value !== 'object') return undefined;
  const typed = value as { S?: string; N?: string; B?: string };
  return typed.S ?? typed.N ?? typed.B;
}

function dynamodbRequests(request: AwsHttpRequest, where: RequestLocation): AuthorizationRequest[] {
  const operation = jsonOperation(request, 'DynamoDB_20120810', 'dynamodb');
  const body = jsonBody(request);
  const tableOf = (name: unknown) => {
    const text = String(name ?? '');
    // TableName may be the table's ARN (https://docs.aws.amazon.com/amazondynamodb/latest/APIReference/API_GetItem.html).
    return text.startsWith('arn:')
      ? { arn: text, name: text.slice(text.indexOf(':table/') + ':table/'.length) }
      : { arn: `arn:aws:dynamodb:${where.region}:${where.account}:table/${text}`, name: text };
  };
  const keysOf = (table: string): TableKeys =>
    where.tableKeys?.[table] ?? {
      partitionKey: TABLE_DESIGN.partitionKey,
      indexes: Object.fromEntries(
        TABLE_DESIGN.globalIndexes.map((index) => [index.indexName, index.partitionKey]),
      ),
    };
  const leading = (table: string, items: unknown[]): Context => {
    const key = keysOf(table).partitionKey;
    const values = items
      .map((item) => attributeText((item as Json | undefined)?.[key]))
      .filter((value): value is string => value !== undefined);
    return values.length > 0 ? { 'dynamodb:LeadingKeys': [...new Set(values)] } : {};
  };
  const options = (input: Json): Context => {
    const context: Context = {};
    if (typeof input.Select === 'string') context['dynamodb:Select'] = input.Select;
    if (typeof input.ReturnValues === 'string') context['dynamodb:ReturnValues'] = input.ReturnValues;
    if (typeof input.ReturnConsumedCapacity === 'string')
      context['dynamodb:ReturnConsumedCapacity'] = input.ReturnConsumedCapacity;
    return context;
  };
  const itemAction = (action: string, input: Json, item: unknown) => {
    const table = tableOf(input.TableName);
    return one(`dynamodb:${action}`, table.arn, { ...leading(table.name, [item]), ...options(input) });
  };

  switch (operation) {
    case 'GetItem':
    case 'UpdateItem':
    case 'DeleteItem':
      return [itemAction(operation, body, body.Key)];
    case 'PutItem':
      return [itemAction(operation, body, body.Item)];
    case 'Query':
    case 'Scan': {
      const table = tableOf(body.TableName);
      const index = typeof body.IndexName === 'string' ? body.IndexName : undefined;
      const resource = index ? `${table.arn}/index/${index}` : table.arn;
      const context = options(body);
      if (operation === 'Query') {
        const keys = keysOf(table.name);
        const partitionKey = index ? keys.indexes[index] : keys.partitionKey;
        const value = partitionKey ? queriedPartition(body, partitionKey) : undefined;
        // A query names one partition: of the index when it queries one, the only one the request states.
        if (value !== undefined) context['dynamodb:LeadingKeys'] = [value];
      }
      return [one(`dynamodb:${operation}`, resource, context)];
    }
    case 'BatchGetItem':
    case 'BatchWriteItem': {
      // Each is an action of its own, per table (the Service Authorization Reference's operation table).
      const requestItems = (body.RequestItems ?? {}) as Record<string, unknown>;
      return Object.entries(requestItems).map(([name, entry]) => {
        const table = tableOf(name);
        const items =
          operation === 'BatchGetItem'
            ? (((entry as Json).Keys ?? []) as unknown[])
            : ((entry ?? []) as Json[]).map(
                (write) =>
                  (write.PutRequest as Json | undefined)?.Item ??
                  (write.DeleteRequest as Json | undefined)?.Key,
              );
        return one(`dynamodb:${operation}`, table.arn, { ...leading(table.name, items), ...options(body) });
      });
    }
    case 'TransactWriteItems':
    case 'TransactGetItems': {
      // "Permissions for Put, Update, Delete, and Get actions are governed by the permissions used for the
      // underlying PutItem, UpdateItem, DeleteItem, and GetItem operations", ConditionCheck by
      // ConditionCheckItem (https://docs.aws.amazon.com/amazondynamodb/latest/developerguide/transaction-apis-iam.html).
      const actions: Record<string, string> = {
        Put: 'PutItem',
        Update: 'UpdateItem',
        Delete: 'DeleteItem',
        ConditionCheck: 'ConditionCheckItem',
        Get: 'GetItem',
      };
      return ((body.TransactItems ?? []) as Json[]).map((entry) => {
        const [kind, input] = Object.entries(entry)[0] ?? [];
        const action = kind ? actions[kind] : undefined;
        if (!action || !input)
          throw new UnknownOperationError('dynamodb', `${operation} item ${String(kind)}`);
        const typed = input as Json;
        return itemAction(action, typed, kind === 'Put' ? typed.Item : typed.Key);
      });
    }
    case 'DescribeTable':
    case 'DescribeTimeToLive':
    case 'UpdateTimeToLive':
    case 'CreateTable':
    case 'DeleteTable':
    case 'UpdateTable':
    case 'DescribeContinuousBackups':
      return [one(`dynamodb:${operation}`, tableOf(body.TableName).arn)];
    case 'ListTables':
    case 'DescribeLimits':
    case 'DescribeEndpoints':
      return [one(`dynamodb:${operation}`, '*')];
    default:
      throw new UnknownOperationError('dynamodb', operation);
  }
}

/** The value a Query's key condition gives the partition key (expression or legacy KeyConditions). */
function queriedPartition(body: Json, partitionKey: string): string | undefined {
  const legacy = (body.KeyConditions as Record<string, Json> | undefined)?.[partitionKey];
  if (legacy) return attributeText((legacy.AttributeValueList as unknown[] | undefined)?.[0]);
  const expression = typeof body.KeyConditionExpression === 'string' ? body.KeyConditionExpression : '';
  const names = (body.ExpressionAttributeNames ?? {}) as Record<string, string>;
  const values = (body.ExpressionAttributeValues ?? {}) as Record<string, unknown>;
  const nameOf = (token: string) => (token.startsWith('#') ? names[token] : token);
  for (const clause of expression.split(/\s+and\s+/i)) {
    const equality = /^\(*\s*([#:]?[\w.]+)\s*=\s*([#:]?[\w.]+)\s*\)*$/.exec(clause.trim());
    if (!equality) continue;
    const [left, right] = [equality[1] as string, equality[2] as string];
    if (nameOf(left) === partitionKey && right.startsWith(':')) return attributeText(values[right]);
    if (nameOf(right) === partitionKey && left.startsWith(':')) return attributeText(values[left]);
  }
  return undefined;
}

// ------------------------------------------------------------------------------------------------- SQS

function sqsRequests(request: AwsHttpRequest, where: RequestLocation): AuthorizationRequest[] {
  const operation = jsonOperation(request, 'AmazonSQS', 'sqs');
  const body = jsonBody(request);
  // Queue URLs are https://host/ACCOUNT/NAME; the ARN is arn:aws:sqs:REGION:ACCOUNT:NAME.
  const queueArn = (url: unknown) => {
    const parts = new URL(String(url ?? '')).pathname.split('/').filter(Boolean);
    const name = parts.at(-1);
    if (!name) throw new UnknownOperationError('sqs', `${operation} without a QueueUrl`);
    const account = parts.length >= 2 ? (parts.at(-2) as string) : where.account;
    return `arn:aws:sqs:${where.region}:${account}:${name}`;
  };
  const byName = (name: unknown, account?: unknown) =>
    `arn:aws:sqs:${where.region}:${typeof account === 'string' ? account : where.account}:${String(name)}`;
  // The batch operations have no action of their own: SendMessageBatch is sqs:SendMessage, and so on.
  const actions: Record<string, string> = {
    SendMessage: 'SendMessage',
    SendMessageBatch: 'SendMessage',
    ReceiveMessage: 'ReceiveMessage',
    DeleteMessage: 'DeleteMessage',
    DeleteMessageBatch: 'DeleteMessage',
    ChangeMessageVisibility: 'ChangeMessageVisibility',
    ChangeMessageVisibilityBatch: 'ChangeMessageVisibility',
    GetQueueAttributes: 'GetQueueAttributes',
    SetQueueAttributes: 'SetQueueAttributes',
    PurgeQueue: 'PurgeQueue',
    DeleteQueue: 'DeleteQueue',
    ListQueueTags: 'ListQueueTags',
    TagQueue: 'TagQueue',
    UntagQueue: 'UntagQueue',
    ListDeadLetterSourceQueues: 'ListDeadLetterSourceQueues',
  };
  const action = actions[operation];
  if (action) return [one(`sqs:${action}`, queueArn(body.QueueUrl))];
  if (operation === 'GetQueueUrl')
    return [one('sqs:GetQueueUrl', byName(body.QueueName, body.QueueOwnerAWSAccountId))];
  if (operation === 'CreateQueue') return [one('sqs:CreateQueue', byName(body.QueueName))];
  if (operation === 'ListQueues') return [one('sqs:ListQueues', '*')];
  throw new UnknownOperationError('sqs', operation);
}

// -------------------------------------------------------------------------------------------------- S3

const xml = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  isArray: (name) => name === 'Object',
});

/** Bucket and key of a path-style (`/bucket/key`) or virtual-hosted-style (`bucket.host/key`) request. */
function s3Target(request: AwsHttpRequest): { bucket: string; key: string } {
  const host = (header(request, 'host') ?? request.url.host).replace(/:\d+$/, '');
  const virtual = /^(.+)\.(s3[.-][\w.-]*amazonaws\.com|localhost)$/.exec(host);
  const path = request.url.pathname.split('/').slice(1);
  const decode = (parts: string[]) => parts.map((part) => decodeURIComponent(part)).join('/');
  if (virtual) return { bucket: virtual[1] as string, key: decode(path) };
  return { bucket: decodeURIComponent(path[0] ?? ''), key: decode(path.slice(1)) };
}

function s3Requests(request: AwsHttpRequest): AuthorizationRequest[] {
  const { bucket, key } = s3Target(request);
  const query = request.url.searchParams;
  const method = request.method.toUpperCase();
  const has = (name: string) => query.has(name);
  const bucketArn = `arn:aws:s3:::${bucket}`;
  const objectArn = `arn:aws:s3:::${bucket}/${key}`;
  const unknown = () => {
    const subresources = [...query.keys()].filter((name) => !/^(x-id|X-Amz-)/i.test(name));
    return new UnknownOperationError(
      's3',
      `${method} ${key ? 'object' : 'bucket'} ${subresources.join('&')}`.trim(),
    );
  };
  if (!bucket) {
    if (method === 'GET') return [one('s3:ListAllMyBuckets', '*')];
    throw unknown();
  }

  if (!key) {
    if (method === 'GET' || method === 'HEAD') {
      if (has('location')) return [one('s3:GetBucketLocation', bucketArn)];
      if (has('versions')) return [one('s3:ListBucketVersions', bucketArn)];
      if (has('uploads')) return [one('s3:ListBucketMultipartUploads', bucketArn)];
      const special = ['acl', 'cors', 'policy', 'tagging', 'lifecycle', 'encryption', 'website', 'logging'];
      if (special.some(has)) throw unknown();
      // ListObjects, ListObjectsV2 and HeadBucket are all s3:ListBucket.
      const context: Context = {};
      for (const name of ['prefix', 'delimiter', 'max-keys'])
        if (has(name)) context[`s3:${name}`] = query.get(name) as string;
      return [one('s3:ListBucket', bucketArn, context)];
    }
    if (method === 'POST' && has('delete')) {
      const parsed = xml.parse(request.body.toString('utf8')) as { Delete?: { Object?: { Key?: string }[] } };
      const keys = (parsed.Delete?.Object ?? []).map((entry) => String(entry.Key ?? ''));
      return keys.map((objectKey) => one('s3:DeleteObject', `arn:aws:s3:::${bucket}/${objectKey}`));
    }
    if (method === 'PUT' && [...query.keys()].filter((name) => name !== 'x-id').length === 0)
      return [one('s3:CreateBucket', bucketArn)];
    if (method === 'DELETE' && [...query.keys()].filter((name) => name !== 'x-id').length === 0)
      return [one('s3:DeleteBucket', bucketArn)];
    throw unknown();
  }

  if (method === 'GET' || method === 'HEAD') {
    if (has('tagging'))
      return [one(has('versionId') ? 's3:GetObjectVersionTagging' : 's3:GetObjectTagging', objectArn)];
    if (has('acl')) return [one(has('versionId') ? 's3:GetObjectVersionAcl' : 's3:GetObjectAcl', objectArn)];
    if (has('uploadId')) return [one('s3:ListMultipartUploadParts', objectArn)];
    if (has('attributes') || has('retention') || has('legal-hold') || has('torrent')) throw unknown();
    // GetObject and HeadObject are both s3:GetObject (a version: s3:GetObjectVersion).
    return [one(has('versionId') ? 's3:GetObjectVersion' : 's3:GetObject', objectArn)];
  }
  if (method === 'PUT') {
    if (has('tagging')) return [one('s3:PutObjectTagging', objectArn)];
    if (has('acl')) return [one('s3:PutObjectAcl', objectArn)];
    if (has('retention') || has('legal-hold')) throw unknown();
    const requests = [one('s3:PutObject', objectArn)];
    const copySource = header(request, 'x-amz-copy-source');
    if (copySource) {
      // CopyObject (and UploadPartCopy) also read the source: s3:GetObject on it.
      const [path = '', version] = copySource.split('?versionId=');
      const source = decodeURIComponent(path.replace(/^\//, ''));
      requests.push(one(version ? 's3:GetObjectVersion' : 's3:GetObject', `arn:aws:s3:::${source}`));
    }
    if (header(request, 'x-amz-tagging')) requests.push(one('s3:PutObjectTagging', objectArn));
    if (
      header(request, 'x-amz-acl') ||
      header(request, 'x-amz-grant-read') ||
      header(request, 'x-amz-grant-full-control')
    )
      requests.push(one('s3:PutObjectAcl', objectArn));
    return requests;
  }
  if (method === 'POST' && (has('uploads') || has('uploadId'))) return [one('s3:PutObject', objectArn)];
  if (method === 'DELETE') {
    if (has('uploadId')) return [one('s3:AbortMultipartUpload', objectArn)];
    if (has('tagging')) return [one('s3:DeleteObjectTagging', objectArn)];
    return [one(has('versionId') ? 's3:DeleteObjectVersion' : 's3:DeleteObject', objectArn)];
  }
  throw unknown();
}

// ------------------------------------------------------------------------------------------- Scheduler

function schedulerRequests(request: AwsHttpRequest, where: RequestLocation): AuthorizationRequest[] {
  const method = request.method.toUpperCase();
  const parts = request.url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  const [collection, name] = parts;
  const base = `arn:aws:scheduler:${where.region}:${where.account}`;
  if (collection === 'schedules' && parts.length === 1 && method === 'GET')
    return [one('scheduler:ListSchedules', '*')];
  if (collection === 'schedule-groups' && parts.length === 1 && method === 'GET')
    return [one('scheduler:ListScheduleGroups', '*')];
  if (collection === 'schedules' && name && parts.length === 2) {
    const body = method === 'POST' || method === 'PUT' ? jsonBody(request) : {};
    const group =
      (typeof body.GroupName === 'string' ? body.GroupName : undefined) ??
      request.url.searchParams.get('groupName') ??
      'default';
    const schedule = `${base}:schedule/${group}/${name}`;
    const operation = {
      POST: 'CreateSchedule',
      PUT: 'UpdateSchedule',
      GET: 'GetSchedule',
      DELETE: 'DeleteSchedule',
    }[method];
    if (!operation) throw new UnknownOperationError('scheduler', `${method} /schedules/{Name}`);
    const requests = [one(`scheduler:${operation}`, schedule)];
    const role = (body.Target as Json | undefined)?.RoleArn;
    // Handing the scheduler its execution role is iam:PassRole on that role
    // (https://docs.aws.amazon.com/scheduler/latest/UserGuide/setting-up.html).
    if (typeof role === 'string')
      requests.push(one('iam:PassRole', role, { 'iam:PassedToService': 'scheduler.amazonaws.com' }));
    return requests;
  }
  if (collection === 'schedule-groups' && name && parts.length === 2) {
    const operation = { POST: 'CreateScheduleGroup', GET: 'GetScheduleGroup', DELETE: 'DeleteScheduleGroup' }[
      method
    ];
    if (operation) return [one(`scheduler:${operation}`, `${base}:schedule-group/${name}`)];
  }
  throw new UnknownOperationError('scheduler', `${method} ${request.url.pathname}`);
}

// --------------------------------------------------------------------------------------------- SES v2

/** `Name <address>` or a bare address -> both parts. */
function mailbox(text: string): { address: string; name?: string } {
  const angled = /^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/.exec(text);
  if (angled) return { address: (angled[2] as string).trim(), ...(angled[1] ? { name: angled[1] } : {}) };
  return { address: text.trim() };
}

function sesRequests(request: AwsHttpRequest, where: RequestLocation): AuthorizationRequest[] {
  const method = request.method.toUpperCase();
  if (!(method === 'POST' && request.url.pathname === '/v2/email/outbound-emails'))
    throw new UnknownOperationError('sesv2', `${method} ${request.url.pathname}`);
  const body = jsonBody(request);
  if (typeof body.FromEmailAddress !== 'string')
    throw new UnknownOperationError('sesv2', 'SendEmail without FromEmailAddress (a raw message From)');
  const from = mailbox(body.FromEmailAddress);
  const domain = from.address.slice(from.address.lastIndexOf('@') + 1);
  const base = `arn:aws:ses:${where.region}:${where.account}`;
  const verified = where.sesIdentities ?? [domain];
  const identity =
    typeof body.FromEmailAddressIdentityArn === 'string'
      ? body.FromEmailAddressIdentityArn
      : `${base}:identity/${verified.includes(from.address) ? from.address : domain}`;
  const destination = (body.Destination ?? {}) as Record<string, string[] | undefined>;
  const recipients = [
    ...(destination.ToAddresses ?? []),
    ...(destination.CcAddresses ?? []),
    ...(destination.BccAddresses ?? []),
  ].map((address) => mailbox(address).address);
  const context: Context = {
    'ses:FromAddress': from.address,
    'ses:Recipients': recipients,
    'ses:ApiVersion': '2',
    ...(from.name ? { 'ses:FromDisplayName': from.name } : {}),
  };
  const requests = [one('ses:SendEmail', identity, context)];
  if (typeof body.ConfigurationSetName === 'string')
    requests.push(one('ses:SendEmail', `${base}:configuration-set/${body.ConfigurationSetName}`, context));
  return requests;
}

// ------------------------------------------------------------------------------------- Secrets Manager

/** A secret's full ARN: given whole, or found among the secrets that exist by name or partial ARN. */
function secretArn(secretId: string, where: RequestLocation): string {
  const known = where.secretArns ?? [];
  if (known.includes(secretId)) return secretId;
  const partialOf = (arn: string) => arn.replace(/-[A-Za-z0-9]{6}$/, '');
  const nameOf = (arn: string) =>
    partialOf(arn).slice(partialOf(arn).indexOf(':secret:') + ':secret:'.length);
  const found = known.find((arn) => partialOf(arn) === secretId || nameOf(arn) === secretId);
  if (found) return found;
  // Not a secret that exists: the ARN it would have without its suffix, which a `-??????` grant never matches.
  return secretId.startsWith('arn:')
    ? secretId
    : `arn:aws:secretsmanager:${where.region}:${where.account}:secret:${secretId}`;
}

function secretsManagerRequests(request: AwsHttpRequest, where: RequestLocation): AuthorizationRequest[] {
  const operation = jsonOperation(request, 'secretsmanager', 'secretsmanager');
  const body = jsonBody(request);
  const onSecret = (action: string, secretId: unknown) => {
    const id = String(secretId ?? '');
    const context: Context = { 'secretsmanager:SecretId': id };
    if (typeof body.VersionId === 'string') context['secretsmanager:VersionId'] = body.VersionId;
    if (typeof body.VersionStage === 'string') context['secretsmanager:VersionStage'] = body.VersionStage;
    return one(`secretsmanager:${action}`, secretArn(id, where), context);
  };
  switch (operation) {
    case 'GetSecretValue':
    case 'DescribeSecret':
    case 'PutSecretValue':
    case 'UpdateSecret':
    case 'ListSecretVersionIds':
    case 'UpdateSecretVersionStage':
    case 'RotateSecret':
    case 'GetResourcePolicy':
      return [onSecret(operation, body.SecretId)];
    case 'BatchGetSecretValue':
      // Needs the batch action and GetSecretValue on each secret named
      // (https://docs.aws.amazon.com/secretsmanager/latest/apireference/API_BatchGetSecretValue.html).
      if (!Array.isArray(body.SecretIdList))
        throw new UnknownOperationError('secretsmanager', 'BatchGetSecretValue by filter');
      return [
        one('secretsmanager:BatchGetSecretValue', '*'),
        ...body.SecretIdList.map((id) => onSecret('GetSecretValue', id)),
      ];
    case 'ListSecrets':
    case 'GetRandomPassword':
      return [one(`secretsmanager:${operation}`, '*')];
    default:
      throw new UnknownOperationError('secretsmanager', operation);
  }
}

// -------------------------------------------------------------------------------------------- Firehose

function firehoseRequests(request: AwsHttpRequest, where: RequestLocation): AuthorizationRequest[] {
  const operation = jsonOperation(request, 'Firehose_20150804', 'firehose');
  const body = jsonBody(request);
  if (operation === 'ListDeliveryStreams') return [one('firehose:ListDeliveryStreams', '*')];
  if (['PutRecord', 'PutRecordBatch', 'DescribeDeliveryStream'].includes(operation))
    return [
      one(
        `firehose:${operation}`,
        `arn:aws:firehose:${where.region}:${where.account}:deliverystream/${String(body.DeliveryStreamName ?? '')}`,
      ),
    ];
  throw new UnknownOperationError('firehose', operation);
}

/** Every authorization the request needs; all must be allowed for AWS to carry it out. */
export function authorizationRequests(
  service: AwsService,
  request: AwsHttpRequest,
  where: RequestLocation,
): AuthorizationRequest[] {
  switch (service) {
    case 'dynamodb':
      return dynamodbRequests(request, where);
    case 'sqs':
      return sqsRequests(request, where);
    case 's3':
      return s3Requests(request);
    case 'scheduler':
      return schedulerRequests(request, where);
    case 'sesv2':
      return sesRequests(request, where);
    case 'secretsmanager':
      return secretsManagerRequests(request, where);
    case 'firehose':
      return firehoseRequests(request, where);
  }
}
