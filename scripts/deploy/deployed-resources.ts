import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CloudFormationClient,
  DescribeStacksCommand,
  ListExportsCommand,
  ListStackResourcesCommand,
} from '@aws-sdk/client-cloudformation';
import { CloudWatchLogsClient, DescribeLogGroupsCommand } from '@aws-sdk/client-cloudwatch-logs';
import {
  DescribeContinuousBackupsCommand,
  DescribeTableCommand,
  DescribeTimeToLiveCommand,
  DynamoDBClient,
} from '@aws-sdk/client-dynamodb';
import {
  GetRoleCommand,
  GetRolePolicyCommand,
  IAMClient,
  ListAttachedRolePoliciesCommand,
} from '@aws-sdk/client-iam';
import { GetFunctionCommand, LambdaClient, ListEventSourceMappingsCommand } from '@aws-sdk/client-lambda';
import {
  GetBucketEncryptionCommand,
  GetBucketVersioningCommand,
  GetObjectLockConfigurationCommand,
  GetPublicAccessBlockCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { DescribeSecretCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { GetQueueAttributesCommand, SQSClient } from '@aws-sdk/client-sqs';
import { isUnresolved, type Resolved, resolve, type StackContext, UNRESOLVED } from './template-values.ts';

/**
 * What exists after the deployment, compared with what the templates declare: every function (runtime,
 * handler, memory, timeout, architecture, tracing, role, environment, reserved concurrency), event source
 * mapping (queue, batch, response types, maximum concurrency), queue (timeouts, retention, size, redrive),
 * the table (keys, indexes, billing, time to live, point-in-time recovery, deletion protection), bucket
 * (versioning, encryption, public access block), role (trust, managed and inline policies), log group
 * (retention) and secret, in every stack and nested stack. A declared value that names a resource the
 * emulator did not create cannot be compared and is counted apart.
 */
export interface Comparison {
  /** Per resource type: declared, found, compared without a difference. */
  byType: Map<string, { declared: number; found: number; matched: number }>;
  differences: string[];
  /** Values that name what the emulator did not create. */
  notComparable: number;
  stacks: string[];
}

interface Template {
  Resources?: Record<
    string,
    { Type: string; Properties?: Record<string, unknown>; Metadata?: Record<string, unknown> }
  >;
  Parameters?: Record<string, { Default?: unknown }>;
}

interface StackArtifact {
  stackName: string;
  region: string;
  templateFile: string;
}

/** The cloud assembly's stacks, each with its region and template (manifest.json). */
export function assemblyStacks(outDir: string): StackArtifact[] {
  const manifest = JSON.parse(readFileSync(join(outDir, 'manifest.json'), 'utf8')) as {
    artifacts: Record<
      string,
      { type: string; environment?: string; properties?: { templateFile: string; stackName?: string } }
    >;
  };
  return Object.entries(manifest.artifacts)
    .filter(([, artifact]) => artifact.type === 'aws:cloudformation:stack')
    .map(([id, artifact]) => ({
      stackName: artifact.properties?.stackName ?? id,
      region: (artifact.environment ?? '').split('/').pop() ?? '',
      templateFile: artifact.properties?.templateFile ?? '',
    }));
}

/** Every template of the assembly, nested ones included, by the region its stack deploys to. */
export function templatesByRegion(outDir: string): Map<string, string[]> {
  const byRegion = new Map<string, string[]>();
  const add = (region: string, file: string) => {
    byRegion.set(region, [...(byRegion.get(region) ?? []), join(outDir, file)]);
    const template = JSON.parse(readFileSync(join(outDir, file), 'utf8')) as Template;
    for (const resource of Object.values(template.Resources ?? {})) {
      const nested = resource.Metadata?.['aws:asset:path'];
      if (resource.Type === 'AWS::CloudFormation::Stack' && typeof nested === 'string') add(region, nested);
    }
  };
  for (const stack of assemblyStacks(outDir)) add(stack.region, stack.templateFile);
  return byRegion;
}

class Clients {
  private readonly cache = new Map<string, unknown>();
  constructor(private readonly endpoint: string) {}
  private get<T>(name: string, region: string, make: () => T): T {
    const key = `${name}:${region}`;
    if (!this.cache.has(key)) this.cache.set(key, make());
    return this.cache.get(key) as T;
  }
  private options(region: string) {
    return {
      endpoint: this.endpoint,
      region,
      credentials: { accessKeyId: 'emulator', secretAccessKey: 'emulator' },
    };
  }
  cloudFormation = (region: string) =>
    this.get('cfn', region, () => new CloudFormationClient(this.options(region)));
  lambda = (region: string) => this.get('lambda', region, () => new LambdaClient(this.options(region)));
  sqs = (region: string) => this.get('sqs', region, () => new SQSClient(this.options(region)));
  /**
   * A Synthetics canary as GetCanary answers it. The product has no Synthetics client (nothing of it calls
   * the service), so the emulator is asked over its REST API directly: it picks the service from the
   * request's credential scope and checks no signature.
   */
  canary = async (region: string, name: string) => {
    const scope = `emulator/20260101/${region}/synthetics/aws4_request`;
    const answer = await fetch(`${this.endpoint}/canary/${encodeURIComponent(name)}`, {
      headers: { authorization: `AWS4-HMAC-SHA256 Credential=${scope}, SignedHeaders=host, Signature=0` },
    });
    if (!answer.ok) return undefined;
    return ((await answer.json()) as { Canary?: Record<string, unknown> }).Canary;
  };
  dynamodb = (region: string) => this.get('dynamodb', region, () => new DynamoDBClient(this.options(region)));
  s3 = (region: string) =>
    this.get('s3', region, () => new S3Client({ ...this.options(region), forcePathStyle: true }));
  iam = () => this.get('iam', 'global', () => new IAMClient(this.options('us-east-1')));
  logs = (region: string) => this.get('logs', region, () => new CloudWatchLogsClient(this.options(region)));
  secrets = (region: string) =>
    this.get('secrets', region, () => new SecretsManagerClient(this.options(region)));
}

export async function compareDeployment(
  outDir: string,
  endpoint: string,
  account: string,
): Promise<Comparison> {
  const clients = new Clients(endpoint);
  const comparison: Comparison = { byType: new Map(), differences: [], notComparable: 0, stacks: [] };
  const exportsByRegion = new Map<string, Map<string, string>>();
  const exportsOf = async (region: string) => {
    let found = exportsByRegion.get(region);
    if (!found) {
      found = new Map();
      let NextToken: string | undefined;
      do {
        const page = await clients.cloudFormation(region).send(new ListExportsCommand({ NextToken }));
        for (const item of page.Exports ?? []) if (item.Name && item.Value) found.set(item.Name, item.Value);
        NextToken = page.NextToken;
      } while (NextToken);
      exportsByRegion.set(region, found);
    }
    return found;
  };
  for (const stack of assemblyStacks(outDir)) {
    const template = JSON.parse(readFileSync(join(outDir, stack.templateFile), 'utf8')) as Template;
    const defaults = new Map(
      Object.entries(template.Parameters ?? {}).map(([name, parameter]) => [name, parameter.Default]),
    );
    await compareStack(stack.stackName, stack.stackName, stack.region, template, defaults);
  }
  return comparison;

  async function compareStack(
    label: string,
    stackId: string,
    region: string,
    template: Template,
    parameters: Map<string, unknown>,
  ): Promise<void> {
    const described = (
      await clients.cloudFormation(region).send(new DescribeStacksCommand({ StackName: stackId }))
    ).Stacks?.[0];
    comparison.stacks.push(`${label} (${region}): ${described?.StackStatus ?? 'missing'}`);
    if (!described?.StackStatus?.endsWith('_COMPLETE') || described.StackStatus.includes('ROLLBACK')) {
      comparison.differences.push(`${label}: stack ${described?.StackStatus ?? 'missing'}`);
      return;
    }
    const physical = new Map<string, { physicalId: string; type: string }>();
    let NextToken: string | undefined;
    do {
      const page = await clients
        .cloudFormation(region)
        .send(new ListStackResourcesCommand({ StackName: described.StackId, NextToken }));
      for (const item of page.StackResourceSummaries ?? []) {
        if (item.LogicalResourceId && item.PhysicalResourceId && item.ResourceType)
          physical.set(item.LogicalResourceId, {
            physicalId: item.PhysicalResourceId,
            type: item.ResourceType,
          });
      }
      NextToken = page.NextToken;
    } while (NextToken);
    const context: StackContext = {
      stackName: described.StackName ?? label,
      region,
      account,
      physical,
      parameters,
      exports: await exportsOf(region),
      attribute: (logicalId, type, physicalId, name) =>
        attributeOf(region, logicalId, type, physicalId, name),
    };
    for (const [logicalId, resource] of Object.entries(template.Resources ?? {})) {
      const found = physical.get(logicalId);
      const where = `${label}/${logicalId} (${resource.Type})`;
      const check = CHECKS[resource.Type];
      if (resource.Type === 'AWS::CloudFormation::Stack') {
        count(resource.Type, Boolean(found), true);
        const nestedFile = resource.Metadata?.['aws:asset:path'] as string | undefined;
        if (!found || !nestedFile) {
          comparison.differences.push(`${where}: nested stack ${found ? 'has no template file' : 'missing'}`);
          continue;
        }
        const nested = JSON.parse(readFileSync(join(outDir, nestedFile), 'utf8')) as Template;
        const given = (await resolve(resource.Properties?.Parameters ?? {}, context)) as Record<
          string,
          unknown
        >;
        await compareStack(
          `${label}/${logicalId}`,
          found.physicalId,
          region,
          nested,
          new Map(Object.entries(given)),
        );
        continue;
      }
      if (!check) continue;
      if (!found || found.physicalId.startsWith('not-created-')) {
        count(resource.Type, false, false);
        comparison.differences.push(`${where}: declared, not found`);
        continue;
      }
      const declared = await resolve(resource.Properties ?? {}, context);
      const problems: string[] = [];
      const expect = (what: string, want: Resolved, have: unknown) => {
        if (want === undefined) return;
        if (isUnresolved(want)) {
          comparison.notComparable += 1;
          return;
        }
        if (JSON.stringify(normalise(want)) !== JSON.stringify(normalise(have)))
          problems.push(`${what}: declared ${JSON.stringify(want)}, found ${JSON.stringify(have)}`);
      };
      try {
        await check(found.physicalId, declared as Record<string, unknown>, expect, {
          clients,
          region,
          context,
        });
      } catch (error) {
        problems.push(`not readable: ${(error as Error).message}`);
      }
      count(resource.Type, true, problems.length === 0);
      for (const problem of problems) comparison.differences.push(`${where}: ${problem}`);
    }
  }

  function count(type: string, found: boolean, matched: boolean) {
    const entry = comparison.byType.get(type) ?? { declared: 0, found: 0, matched: 0 };
    entry.declared += 1;
    if (found) entry.found += 1;
    if (matched) entry.matched += 1;
    comparison.byType.set(type, entry);
  }

  async function attributeOf(
    region: string,
    _logicalId: string,
    type: string,
    physicalId: string,
    name: string,
  ) {
    if (physicalId.startsWith('not-created-')) return UNRESOLVED;
    switch (`${type}.${name}`) {
      case 'AWS::SQS::Queue.Arn': {
        const answer = await clients
          .sqs(region)
          .send(new GetQueueAttributesCommand({ QueueUrl: physicalId, AttributeNames: ['QueueArn'] }));
        return answer.Attributes?.QueueArn ?? UNRESOLVED;
      }
      case 'AWS::SQS::Queue.QueueName':
        return physicalId.split('/').pop();
      case 'AWS::IAM::Role.Arn':
        return (
          (await clients.iam().send(new GetRoleCommand({ RoleName: physicalId }))).Role?.Arn ?? UNRESOLVED
        );
      case 'AWS::Lambda::Function.Arn':
        return (await clients.lambda(region).send(new GetFunctionCommand({ FunctionName: physicalId })))
          .Configuration?.FunctionArn;
      case 'AWS::DynamoDB::GlobalTable.Arn':
        return (await clients.dynamodb(region).send(new DescribeTableCommand({ TableName: physicalId })))
          .Table?.TableArn;
      case 'AWS::S3::Bucket.Arn':
        return `arn:aws:s3:::${physicalId}`;
      case 'AWS::Logs::LogGroup.Arn': {
        const groups = await clients
          .logs(region)
          .send(new DescribeLogGroupsCommand({ logGroupNamePrefix: physicalId }));
        return groups.logGroups?.find((group) => group.logGroupName === physicalId)?.arn ?? UNRESOLVED;
      }
      default:
        if (type === 'AWS::CloudFormation::Stack' && name.startsWith('Outputs.')) {
          const stack = (
            await clients.cloudFormation(region).send(new DescribeStacksCommand({ StackName: physicalId }))
          ).Stacks?.[0];
          return (
            stack?.Outputs?.find((output) => output.OutputKey === name.slice(8))?.OutputValue ?? UNRESOLVED
          );
        }
        return UNRESOLVED;
    }
  }
}

/** Sorted keys and lists of strings, numbers as the services answer them (strings for SQS). */
function normalise(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(normalise);
    return items.every((item) => typeof item === 'string') ? [...(items as string[])].sort() : items;
  }
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value as Record<string, unknown>)
        .filter(([, item]) => item !== undefined)
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([key, item]) => [key, normalise(item)]),
    );
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return value;
}

type Expect = (what: string, declared: Resolved, found: unknown) => void;
type Check = (
  physicalId: string,
  declared: Record<string, unknown>,
  expect: Expect,
  tools: { clients: Clients; region: string; context: StackContext },
) => Promise<void>;

interface PolicyDocument {
  Statement: { Effect: string; Action: string | string[]; Resource?: unknown; Principal?: unknown }[];
}

/** A policy's statements as comparable sets: effect, sorted actions, sorted resources. */
function statements(document: PolicyDocument | string | undefined): string[] {
  const parsed = (typeof document === 'string' ? JSON.parse(decodeURIComponent(document)) : document) as
    | PolicyDocument
    | undefined;
  return (parsed?.Statement ?? [])
    .map((statement) =>
      JSON.stringify([
        statement.Effect,
        [statement.Action].flat().sort(),
        [statement.Resource ?? []].flat().map(String).sort(),
        normalise(statement.Principal ?? null),
      ]),
    )
    .sort();
}

const CHECKS: Record<string, Check> = {
  'AWS::Lambda::Function': async (name, declared, expect, { clients, region }) => {
    const answer = await clients.lambda(region).send(new GetFunctionCommand({ FunctionName: name }));
    const found = answer.Configuration ?? {};
    expect('function name', declared.FunctionName, found.FunctionName);
    expect('runtime', declared.Runtime, found.Runtime);
    expect('handler', declared.Handler, found.Handler);
    expect('memory', declared.MemorySize ?? 128, found.MemorySize);
    expect('timeout', declared.Timeout ?? 3, found.Timeout);
    expect('architectures', declared.Architectures ?? ['x86_64'], found.Architectures);
    expect('role', declared.Role, found.Role);
    expect(
      'tracing',
      (declared.TracingConfig as { Mode?: string } | undefined)?.Mode,
      found.TracingConfig?.Mode,
    );
    const variables =
      (declared.Environment as { Variables?: Record<string, unknown> } | undefined)?.Variables ?? {};
    const foundVariables = found.Environment?.Variables ?? {};
    expect('environment variables', Object.keys(variables), Object.keys(foundVariables));
    for (const [variable, value] of Object.entries(variables))
      expect(`environment ${variable}`, value, foundVariables[variable]);
    expect(
      'reserved concurrency',
      declared.ReservedConcurrentExecutions,
      answer.Concurrency?.ReservedConcurrentExecutions,
    );
    if (!found.CodeSize) expect('code', 'the published asset', 'no code');
  },
  'AWS::Lambda::EventSourceMapping': async (_id, declared, expect, { clients, region }) => {
    const mappings =
      (
        await clients
          .lambda(region)
          .send(new ListEventSourceMappingsCommand({ FunctionName: declared.FunctionName as string }))
      ).EventSourceMappings ?? [];
    const found = mappings.find((mapping) => mapping.EventSourceArn === declared.EventSourceArn);
    expect('mapping of the queue or stream', declared.EventSourceArn, found?.EventSourceArn);
    expect('batch size', declared.BatchSize, found?.BatchSize);
    expect('starting position', declared.StartingPosition, found?.StartingPosition);
    expect('response types', declared.FunctionResponseTypes, found?.FunctionResponseTypes);
    expect(
      'maximum concurrency',
      (declared.ScalingConfig as { MaximumConcurrency?: number } | undefined)?.MaximumConcurrency,
      found?.ScalingConfig?.MaximumConcurrency,
    );
  },
  'AWS::SQS::Queue': async (url, declared, expect, { clients, region }) => {
    const { Attributes: found = {} } = await clients
      .sqs(region)
      .send(new GetQueueAttributesCommand({ QueueUrl: url, AttributeNames: ['All'] }));
    expect('visibility timeout', declared.VisibilityTimeout ?? 30, found.VisibilityTimeout);
    expect('retention', declared.MessageRetentionPeriod ?? 345600, found.MessageRetentionPeriod);
    expect('maximum message size', declared.MaximumMessageSize, found.MaximumMessageSize);
    expect(
      'redrive',
      declared.RedrivePolicy,
      found.RedrivePolicy ? JSON.parse(found.RedrivePolicy) : undefined,
    );
    expect('SQS-managed encryption', declared.SqsManagedSseEnabled, found.SqsManagedSseEnabled);
  },
  'AWS::DynamoDB::GlobalTable': async (name, declared, expect, { clients, region }) => {
    const table = (await clients.dynamodb(region).send(new DescribeTableCommand({ TableName: name }))).Table;
    expect('key schema', declared.KeySchema, table?.KeySchema);
    expect('attributes', declared.AttributeDefinitions, table?.AttributeDefinitions);
    const indexes = (list: { IndexName?: string; KeySchema?: unknown; Projection?: unknown }[] | undefined) =>
      (list ?? []).map(({ IndexName, KeySchema, Projection }) => ({ IndexName, KeySchema, Projection }));
    expect(
      'global indexes',
      indexes(declared.GlobalSecondaryIndexes as never),
      indexes(table?.GlobalSecondaryIndexes),
    );
    expect('billing', declared.BillingMode, table?.BillingModeSummary?.BillingMode ?? 'PROVISIONED');
    const replica = (declared.Replicas as Record<string, unknown>[] | undefined)?.[0] ?? {};
    expect('deletion protection', replica.DeletionProtectionEnabled, table?.DeletionProtectionEnabled);
    const ttl = (await clients.dynamodb(region).send(new DescribeTimeToLiveCommand({ TableName: name })))
      .TimeToLiveDescription;
    const declaredTtl = declared.TimeToLiveSpecification as
      | { AttributeName?: string; Enabled?: boolean }
      | undefined;
    expect('time to live', declaredTtl?.Enabled ? declaredTtl.AttributeName : undefined, ttl?.AttributeName);
    const recovery = (
      await clients.dynamodb(region).send(new DescribeContinuousBackupsCommand({ TableName: name }))
    ).ContinuousBackupsDescription?.PointInTimeRecoveryDescription?.PointInTimeRecoveryStatus;
    const wanted = (
      replica.PointInTimeRecoverySpecification as { PointInTimeRecoveryEnabled?: boolean } | undefined
    )?.PointInTimeRecoveryEnabled;
    expect(
      'point-in-time recovery',
      wanted === undefined ? undefined : wanted ? 'ENABLED' : 'DISABLED',
      recovery,
    );
  },
  'AWS::S3::Bucket': async (name, declared, expect, { clients, region }) => {
    const versioning = await clients.s3(region).send(new GetBucketVersioningCommand({ Bucket: name }));
    expect(
      'versioning',
      (declared.VersioningConfiguration as { Status?: string } | undefined)?.Status ?? 'off',
      versioning.Status ?? 'off',
    );
    const encryption = await clients.s3(region).send(new GetBucketEncryptionCommand({ Bucket: name }));
    // The template says ServerSideEncryptionByDefault, the S3 API ApplyServerSideEncryptionByDefault.
    const declaredRules = (
      declared.BucketEncryption as
        | {
            ServerSideEncryptionConfiguration?: {
              ServerSideEncryptionByDefault?: { SSEAlgorithm?: string };
            }[];
          }
        | undefined
    )?.ServerSideEncryptionConfiguration;
    expect(
      'encryption',
      declaredRules?.[0]?.ServerSideEncryptionByDefault?.SSEAlgorithm,
      encryption.ServerSideEncryptionConfiguration?.Rules?.[0]?.ApplyServerSideEncryptionByDefault
        ?.SSEAlgorithm,
    );
    if (declared.PublicAccessBlockConfiguration) {
      const block = await clients.s3(region).send(new GetPublicAccessBlockCommand({ Bucket: name }));
      expect(
        'public access block',
        declared.PublicAccessBlockConfiguration,
        block.PublicAccessBlockConfiguration,
      );
    }
    if (declared.ObjectLockEnabled) {
      const lock = (await clients.s3(region).send(new GetObjectLockConfigurationCommand({ Bucket: name })))
        .ObjectLockConfiguration;
      // A retention period is days or years, never both, and never 0: a 0 (moto answers the other as 0) is none.
      const retention = lock?.Rule?.DefaultRetention;
      expect('Object Lock', declared.ObjectLockConfiguration, {
        ObjectLockEnabled: lock?.ObjectLockEnabled,
        Rule: {
          DefaultRetention: retention && {
            Mode: retention.Mode,
            ...(retention.Days ? { Days: retention.Days } : {}),
            ...(retention.Years ? { Years: retention.Years } : {}),
          },
        },
      });
    }
  },
  'AWS::Synthetics::Canary': async (name, declared, expect, { clients, region }) => {
    const found = (await clients.canary(region, name)) as
      | {
          RuntimeVersion?: string;
          Schedule?: { Expression?: string };
          Code?: { Handler?: string };
          ArtifactS3Location?: string;
          RunConfig?: { EnvironmentVariables?: unknown };
        }
      | undefined;
    expect('runtime', declared.RuntimeVersion, found?.RuntimeVersion);
    expect(
      'schedule',
      (declared.Schedule as { Expression?: string }).Expression,
      found?.Schedule?.Expression,
    );
    expect('handler', (declared.Code as { Handler?: string }).Handler, found?.Code?.Handler);
    expect('artifacts', declared.ArtifactS3Location, found?.ArtifactS3Location);
    expect(
      'environment',
      (declared.RunConfig as { EnvironmentVariables?: unknown }).EnvironmentVariables,
      found?.RunConfig?.EnvironmentVariables,
    );
  },
  'AWS::IAM::Role': async (name, declared, expect, { clients }) => {
    const role = (await clients.iam().send(new GetRoleCommand({ RoleName: name }))).Role;
    expect(
      'trust policy',
      statements(declared.AssumeRolePolicyDocument as PolicyDocument),
      statements(role?.AssumeRolePolicyDocument),
    );
    const attached = await clients.iam().send(new ListAttachedRolePoliciesCommand({ RoleName: name }));
    expect(
      'managed policies',
      declared.ManagedPolicyArns ?? [],
      (attached.AttachedPolicies ?? []).map((policy) => policy.PolicyArn),
    );
  },
  'AWS::IAM::Policy': async (_id, declared, expect, { clients }) => {
    for (const role of (declared.Roles as string[] | undefined) ?? []) {
      const policy = await clients
        .iam()
        .send(new GetRolePolicyCommand({ RoleName: role, PolicyName: declared.PolicyName as string }));
      expect(
        `statements on ${role}`,
        statements(declared.PolicyDocument as PolicyDocument),
        statements(policy.PolicyDocument),
      );
    }
  },
  'AWS::Logs::LogGroup': async (name, declared, expect, { clients, region }) => {
    const groups = await clients
      .logs(region)
      .send(new DescribeLogGroupsCommand({ logGroupNamePrefix: name }));
    const group = groups.logGroups?.find((item) => item.logGroupName === name);
    expect('log group', declared.LogGroupName ?? name, group?.logGroupName);
    expect('retention (days)', declared.RetentionInDays, group?.retentionInDays);
  },
  'AWS::SecretsManager::Secret': async (arn, declared, expect, { clients, region }) => {
    const secret = await clients.secrets(region).send(new DescribeSecretCommand({ SecretId: arn }));
    expect('name', declared.Name, secret.Name);
    expect('description', declared.Description, secret.Description);
  },
};
