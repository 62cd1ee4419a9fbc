import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { isUnresolved, resolve, type StackContext, UNRESOLVED } from '../../deploy/template-values.ts';
import type { NamedPolicy, PolicyDocument } from './permissions/policy-evaluator.ts';

/**
 * A synthesized cloud assembly (`cdk.out`) read as a deployment of it on this machine would make it: every
 * stack's template (nested ones included), each resource given the physical name and attributes it would
 * have, and from that every Lambda function as Lambda would run it (its bundle, handler, memory, timeout,
 * reserved concurrency, the environment its template gives with every reference resolved, its role's
 * policies), the HTTP API routes that invoke each, the SQS event source mappings and the asynchronous
 * invocation settings. Nothing here knows the product's route table or jobs: new routes, queues and
 * targets come from the templates.
 */
interface Resource {
  Type: string;
  Properties?: Record<string, unknown>;
  Metadata?: Record<string, unknown>;
}

interface Template {
  Resources?: Record<string, Resource>;
  Outputs?: Record<string, { Value: unknown; Export?: { Name: unknown } }>;
}

interface StackTemplate {
  stackName: string;
  region: string;
  account: string;
  template: Template;
  /** For a nested stack: its parent and the logical id of its AWS::CloudFormation::Stack resource. */
  parent?: { stack: StackTemplate; logicalId: string };
  context?: StackContext;
}

export interface LocalFunction {
  /** The template's logical id and the construct path (what cdk-nag and the console show). */
  logicalId: string;
  path: string;
  name: string;
  arn: string;
  /** The bundle's folder in the assembly (LAMBDA_TASK_ROOT) and the handler (`index.handler`). */
  codeDir: string;
  handler: string;
  runtime: string;
  memoryMb: number;
  timeoutSeconds: number;
  reservedConcurrency?: number;
  /** Environments its published version keeps initialised (the version's ProvisionedConcurrencyConfig). */
  provisionedConcurrency?: number;
  /** The template's Environment.Variables, every reference resolved against this deployment. */
  environment: Record<string, string>;
  roleArn: string;
  policies: NamedPolicy[];
}

export interface QueueMapping {
  queueArn: string;
  functionArn: string;
  batchSize: number;
  maximumConcurrency?: number;
  reportBatchItemFailures: boolean;
}

/** An event source mapping on the table's stream. */
export interface StreamMapping {
  streamArn: string;
  functionArn: string;
  batchSize: number;
  /** The mapping's filter patterns (FilterCriteria), parsed. */
  filters: unknown[];
  reportBatchItemFailures: boolean;
}

export interface LocalDeployment {
  account: string;
  region: string;
  functions: LocalFunction[];
  /** "POST /payment/x" -> the function its HTTP API integration invokes. */
  routes: Map<string, LocalFunction>;
  queueMappings: QueueMapping[];
  streamMappings: StreamMapping[];
  /** Secrets Manager secrets as the templates declare them: ARN, name and what the template puts in. */
  secrets: Array<{ arn: string; name: string; generate?: Record<string, unknown>; secretString?: string }>;
  functionByArn(arn: string): LocalFunction | undefined;
}

export interface DeploymentOptions {
  /** The account and region the stand-ins answer for. */
  account: string;
  region: string;
  /** The one table's name on this machine (DynamoDB Local). */
  tableName: string;
  /** The SQS endpoint functions reach: queue URLs are on it, as the SDK sends to a queue URL's host. */
  sqsEndpoint: string;
}

/** The AWS-managed policies the templates attach, as AWS publishes them (only what they allow matters here). */
const AWS_MANAGED_POLICIES: Record<string, PolicyDocument> = {
  // https://docs.aws.amazon.com/aws-managed-policy/latest/reference/AWSLambdaBasicExecutionRole.html
  'service-role/AWSLambdaBasicExecutionRole': {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Action: ['logs:CreateLogGroup', 'logs:CreateLogStream', 'logs:PutLogEvents'],
        Resource: '*',
      },
    ],
  },
};

const readJson = <T>(file: string): T => JSON.parse(readFileSync(file, 'utf8')) as T;

/** The construct's own id: the path segment before `/Resource` (or the last one). */
function constructId(resource: Resource, logicalId: string): string {
  const path = String(resource.Metadata?.['aws:cdk:path'] ?? logicalId).split('/');
  const last = path.at(-1);
  return (last === 'Resource' || last === 'Default' ? path.at(-2) : last) ?? logicalId;
}

/** Six characters as Secrets Manager appends to a secret's name in its ARN. */
const suffix = (text: string) => createHash('sha256').update(text).digest('base64url').slice(0, 6);

/** Every stack of the assembly in `dir` (nested stacks after their parents). */
function readStacks(dir: string): StackTemplate[] {
  const manifest = readJson<{
    artifacts: Record<
      string,
      { type: string; environment?: string; properties?: { templateFile?: string; stackName?: string } }
    >;
  }>(join(dir, 'manifest.json'));
  const stacks: StackTemplate[] = [];
  for (const [id, artifact] of Object.entries(manifest.artifacts)) {
    if (artifact.type !== 'aws:cloudformation:stack' || !artifact.properties?.templateFile) continue;
    const [, account = '', region = ''] = /^aws:\/\/([^/]*)\/(.*)$/.exec(artifact.environment ?? '') ?? [];
    const top: StackTemplate = {
      stackName: artifact.properties.stackName ?? id,
      region,
      account,
      template: readJson<Template>(join(dir, artifact.properties.templateFile)),
    };
    const add = (stack: StackTemplate) => {
      stacks.push(stack);
      for (const [logicalId, resource] of Object.entries(stack.template.Resources ?? {})) {
        const file = resource.Metadata?.['aws:asset:path'];
        if (resource.Type !== 'AWS::CloudFormation::Stack' || typeof file !== 'string') continue;
        add({
          stackName: `${stack.stackName}-${logicalId}`,
          region: stack.region,
          account: stack.account,
          template: readJson<Template>(join(dir, file)),
          parent: { stack, logicalId },
        });
      }
    };
    add(top);
  }
  return stacks;
}

/**
 * The assembly in `dir` deployed on this machine: what each resource would be called and what each
 * function would be given. Fails on a function whose environment or policies name something this
 * deployment cannot resolve, so that nothing runs with a value it would not have in AWS.
 */
export async function deployAssembly(dir: string, options: DeploymentOptions): Promise<LocalDeployment> {
  if (!existsSync(join(dir, 'manifest.json'))) throw new Error(`No cloud assembly in ${dir}`);
  const stacks = readStacks(dir).filter((stack) => !stack.region || stack.region === options.region);
  const { account, region } = options;
  const exports = new Map<string, string>();

  function physicalOf(stack: StackTemplate, logicalId: string, resource: Resource): string {
    const properties = resource.Properties ?? {};
    const own = (name: string) =>
      typeof properties[name] === 'string' ? (properties[name] as string) : undefined;
    const id = constructId(resource, logicalId);
    switch (resource.Type) {
      case 'AWS::DynamoDB::GlobalTable':
      case 'AWS::DynamoDB::Table':
        return options.tableName;
      case 'AWS::SQS::Queue':
        return `${options.sqsEndpoint}/${account}/${own('QueueName') ?? id}`;
      case 'AWS::SecretsManager::Secret': {
        const name = own('Name') ?? `${stack.stackName}-${id}`;
        return `arn:aws:secretsmanager:${region}:${account}:secret:${name}-${suffix(name)}`;
      }
      case 'AWS::SNS::Topic':
        return `arn:aws:sns:${region}:${account}:${own('TopicName') ?? `${stack.stackName}-${logicalId}`}`;
      case 'AWS::Lambda::Function':
        return own('FunctionName') ?? `${stack.stackName}-${logicalId}`.slice(0, 64);
      case 'AWS::Lambda::Version': {
        // Its reference is the qualified ARN of the function's version (the first one published here).
        const target = (properties.FunctionName as { Ref?: string } | undefined)?.Ref;
        const targetResource = target ? stack.template.Resources?.[target] : undefined;
        return targetResource
          ? `arn:aws:lambda:${region}:${account}:function:${physicalOf(stack, target as string, targetResource)}:1`
          : `${stack.stackName}-${logicalId}`;
      }
      case 'AWS::IAM::Role':
        return own('RoleName') ?? `${stack.stackName}-${logicalId}`.slice(0, 64);
      case 'AWS::Scheduler::ScheduleGroup':
        return own('Name') ?? `${stack.stackName}-${logicalId}`;
      default:
        return own('Name') ?? `${stack.stackName}-${logicalId}`;
    }
  }

  /** A name given as an expression (a bucket's `cutloom-{stage}-…-{account}-{region}`), resolved. */
  async function namedBy(stack: StackTemplate, resource: Resource, property: string, fallback: string) {
    const value = resource.Properties?.[property];
    if (value === undefined) return fallback;
    const resolved = await resolve(value, contextOf(stack));
    return typeof resolved === 'string' ? resolved : fallback;
  }

  async function attribute(
    stack: StackTemplate,
    logicalId: string,
    type: string,
    physicalId: string,
    name: string,
  ): Promise<unknown> {
    const resource = stack.template.Resources?.[logicalId] as Resource;
    const id = constructId(resource, logicalId);
    switch (`${type} ${name}`) {
      case 'AWS::DynamoDB::GlobalTable Arn':
      case 'AWS::DynamoDB::Table Arn':
        return `arn:aws:dynamodb:${region}:${account}:table/${physicalId}`;
      case 'AWS::DynamoDB::GlobalTable StreamArn':
      case 'AWS::DynamoDB::Table StreamArn':
        return `arn:aws:dynamodb:${region}:${account}:table/${physicalId}/stream/local`;
      case 'AWS::SQS::Queue Arn':
        return `arn:aws:sqs:${region}:${account}:${physicalId.split('/').pop()}`;
      case 'AWS::SQS::Queue QueueName':
        return physicalId.split('/').pop();
      case 'AWS::SQS::Queue QueueUrl':
        return physicalId;
      case 'AWS::S3::Bucket Arn':
        return `arn:aws:s3:::${await namedBy(stack, resource, 'BucketName', id.toLowerCase())}`;
      case 'AWS::KinesisFirehose::DeliveryStream Arn':
        return `arn:aws:firehose:${region}:${account}:deliverystream/${physicalId}`;
      case 'AWS::Lambda::Function Arn':
        return `arn:aws:lambda:${region}:${account}:function:${physicalId}`;
      case 'AWS::IAM::Role Arn':
        return `arn:aws:iam::${account}:role/${physicalId}`;
      case 'AWS::Scheduler::ScheduleGroup Arn':
        return `arn:aws:scheduler:${region}:${account}:schedule-group/${physicalId}`;
      case 'AWS::SNS::Topic TopicArn':
        return physicalId;
      case 'AWS::Logs::LogGroup Arn':
        return `arn:aws:logs:${region}:${account}:log-group:${physicalId}:*`;
      case 'AWS::KMS::Key Arn':
        return `arn:aws:kms:${region}:${account}:key/${physicalId}`;
      default:
        if (type === 'AWS::CloudFormation::Stack' && name.startsWith('Outputs.')) {
          const nested = stacks.find(
            (other) => other.parent?.stack === stack && other.parent.logicalId === logicalId,
          );
          const output = nested?.template.Outputs?.[name.slice('Outputs.'.length)];
          return nested && output ? resolve(output.Value, contextOf(nested)) : UNRESOLVED;
        }
        return UNRESOLVED;
    }
  }

  /** Every resource's physical id; buckets and streams resolved from their name expressions. */
  const physicalIds = new Map<StackTemplate, Map<string, { physicalId: string; type: string }>>();
  for (const stack of stacks) {
    const physical = new Map<string, { physicalId: string; type: string }>();
    for (const [logicalId, resource] of Object.entries(stack.template.Resources ?? {}))
      physical.set(logicalId, { physicalId: physicalOf(stack, logicalId, resource), type: resource.Type });
    physicalIds.set(stack, physical);
  }

  const parameterValues = new Map<StackTemplate, Map<string, unknown>>();
  function contextOf(stack: StackTemplate): StackContext {
    if (!stack.context) {
      stack.context = {
        stackName: stack.stackName,
        region,
        account,
        physical: physicalIds.get(stack) ?? new Map(),
        parameters: parameterValues.get(stack) ?? new Map(),
        exports,
        attribute: (logicalId, type, physicalId, name) => attribute(stack, logicalId, type, physicalId, name),
      };
    }
    return stack.context;
  }

  // Names given by expression (buckets), then nested stacks' parameters, then exports until none is left.
  for (const stack of stacks) {
    const physical = physicalIds.get(stack) as Map<string, { physicalId: string; type: string }>;
    for (const [logicalId, resource] of Object.entries(stack.template.Resources ?? {})) {
      if (resource.Type === 'AWS::S3::Bucket' && resource.Properties?.BucketName !== undefined)
        physical.set(logicalId, {
          physicalId: await namedBy(stack, resource, 'BucketName', logicalId.toLowerCase()),
          type: resource.Type,
        });
    }
  }
  for (const stack of stacks) {
    if (!stack.parent) continue;
    const holder = stack.parent.stack.template.Resources?.[stack.parent.logicalId];
    const given = (holder?.Properties?.Parameters ?? {}) as Record<string, unknown>;
    const values = new Map<string, unknown>();
    for (const [name, value] of Object.entries(given))
      values.set(name, await resolve(value, contextOf(stack.parent.stack)));
    parameterValues.set(stack, values);
    stack.context = undefined;
  }
  for (let progress = true; progress; ) {
    progress = false;
    for (const stack of stacks) {
      for (const output of Object.values(stack.template.Outputs ?? {})) {
        const name = output.Export ? await resolve(output.Export.Name, contextOf(stack)) : undefined;
        if (typeof name !== 'string' || exports.has(name)) continue;
        const value = await resolve(output.Value, contextOf(stack));
        if (typeof value === 'string') {
          exports.set(name, value);
          progress = true;
        }
      }
    }
  }

  const resolved = async (stack: StackTemplate, value: unknown, what: string) => {
    const result = await resolve(value, contextOf(stack));
    if (isUnresolved(result)) throw new Error(`${what} names something this deployment cannot resolve`);
    return result;
  };

  const functions: LocalFunction[] = [];
  const routes = new Map<string, LocalFunction>();
  const queueMappings: QueueMapping[] = [];
  const streamMappings: StreamMapping[] = [];
  const secrets: LocalDeployment['secrets'] = [];
  const byArn = new Map<string, LocalFunction>();
  /** A function by its ARN, unqualified or qualified by a version or alias. */
  const functionByArn = (arn: string) =>
    byArn.get(arn.replace(/^(arn:aws:lambda:[^:]+:[^:]+:function:[^:]+):.*$/, '$1'));
  const arnOfFunction = (stack: StackTemplate, logicalId: string) =>
    `arn:aws:lambda:${region}:${account}:function:${physicalIds.get(stack)?.get(logicalId)?.physicalId}`;

  for (const stack of stacks) {
    const resources = Object.entries(stack.template.Resources ?? {});
    for (const [logicalId, resource] of resources) {
      const properties = resource.Properties ?? {};
      if (resource.Type === 'AWS::SecretsManager::Secret') {
        const arn = physicalIds.get(stack)?.get(logicalId)?.physicalId as string;
        secrets.push({
          arn,
          name: arn.split(':secret:')[1]?.slice(0, -7) ?? arn,
          ...(properties.GenerateSecretString
            ? { generate: properties.GenerateSecretString as Record<string, unknown> }
            : {}),
          ...(typeof properties.SecretString === 'string' ? { secretString: properties.SecretString } : {}),
        });
      }
      if (resource.Type !== 'AWS::Lambda::Function') continue;
      const codeDir = resource.Metadata?.['aws:asset:path'];
      const runtime = String(properties.Runtime ?? '');
      // Only bundles of Node functions run here (CDK's own providers, a Python function: not ours).
      if (typeof codeDir !== 'string' || !runtime.startsWith('nodejs')) continue;
      const roleArn = String(await resolved(stack, properties.Role, `${logicalId}'s role`));
      const roleLogicalId = ((properties.Role as { 'Fn::GetAtt'?: [string] })?.['Fn::GetAtt'] ?? [])[0];
      const environment = (await resolved(
        stack,
        (properties.Environment as { Variables?: unknown } | undefined)?.Variables ?? {},
        `The environment of ${logicalId}`,
      )) as Record<string, string>;
      const fn: LocalFunction = {
        logicalId,
        path: String(resource.Metadata?.['aws:cdk:path'] ?? logicalId),
        name: physicalIds.get(stack)?.get(logicalId)?.physicalId as string,
        arn: arnOfFunction(stack, logicalId),
        codeDir: join(dir, codeDir),
        handler: String(properties.Handler ?? 'index.handler'),
        runtime,
        memoryMb: Number(properties.MemorySize ?? 128),
        timeoutSeconds: Number(properties.Timeout ?? 3),
        ...(properties.ReservedConcurrentExecutions !== undefined
          ? { reservedConcurrency: Number(properties.ReservedConcurrentExecutions) }
          : {}),
        environment: Object.fromEntries(
          Object.entries(environment).map(([name, value]) => [name, String(value)]),
        ),
        roleArn,
        policies: roleLogicalId ? await rolePolicies(stack, roleLogicalId) : [],
      };
      functions.push(fn);
      byArn.set(fn.arn, fn);
    }
  }

  async function rolePolicies(stack: StackTemplate, roleLogicalId: string): Promise<NamedPolicy[]> {
    const role = stack.template.Resources?.[roleLogicalId];
    const policies: NamedPolicy[] = [];
    for (const [index, inline] of (
      (role?.Properties?.Policies ?? []) as Array<{ PolicyName: unknown; PolicyDocument: unknown }>
    ).entries())
      policies.push({
        name: String(
          await resolved(stack, inline.PolicyName ?? `inline-${index}`, `${roleLogicalId}'s policy`),
        ),
        document: (await resolved(
          stack,
          inline.PolicyDocument,
          `${roleLogicalId}'s policy`,
        )) as PolicyDocument,
      });
    for (const managed of (role?.Properties?.ManagedPolicyArns ?? []) as unknown[]) {
      const arn = String(await resolved(stack, managed, `${roleLogicalId}'s managed policy`));
      const awsManaged = /^arn:aws[a-z-]*:iam::aws:policy\/(.+)$/.exec(arn)?.[1];
      const document = awsManaged ? AWS_MANAGED_POLICIES[awsManaged] : undefined;
      if (!document)
        throw new Error(`${roleLogicalId} attaches ${arn}, a managed policy this runtime does not know`);
      policies.push({ name: arn, document });
    }
    for (const [logicalId, resource] of Object.entries(stack.template.Resources ?? {})) {
      if (resource.Type !== 'AWS::IAM::Policy' && resource.Type !== 'AWS::IAM::ManagedPolicy') continue;
      const roles = (resource.Properties?.Roles ?? []) as Array<{ Ref?: string }>;
      if (!roles.some((role) => role.Ref === roleLogicalId)) continue;
      policies.push({
        name: String(resource.Properties?.PolicyName ?? resource.Properties?.ManagedPolicyName ?? logicalId),
        document: (await resolved(stack, resource.Properties?.PolicyDocument, logicalId)) as PolicyDocument,
      });
    }
    return policies;
  }

  for (const stack of stacks) {
    const resources = stack.template.Resources ?? {};
    for (const [logicalId, resource] of Object.entries(resources)) {
      const properties = resource.Properties ?? {};
      if (resource.Type === 'AWS::ApiGatewayV2::Route') {
        const target = String(await resolved(stack, properties.Target, `${logicalId}'s target`));
        const integrationId = target.replace(/^integrations\//, '');
        const integration = Object.entries(resources).find(
          ([id, candidate]) =>
            candidate.Type === 'AWS::ApiGatewayV2::Integration' &&
            physicalIds.get(stack)?.get(id)?.physicalId === integrationId,
        )?.[1];
        const uri = integration
          ? String(
              await resolved(stack, integration.Properties?.IntegrationUri, `${logicalId}'s integration`),
            )
          : '';
        const fn = functionByArn(uri);
        if (fn) routes.set(String(properties.RouteKey), fn);
      }
      if (resource.Type === 'AWS::Lambda::Version') {
        const fn = functionByArn(
          String(await resolved(stack, { Ref: logicalId }, `${logicalId}'s function`)),
        );
        const config = properties.ProvisionedConcurrencyConfig as
          | { ProvisionedConcurrentExecutions?: number }
          | undefined;
        if (fn && config?.ProvisionedConcurrentExecutions)
          fn.provisionedConcurrency = Number(config.ProvisionedConcurrentExecutions);
      }
      if (resource.Type === 'AWS::Lambda::EventSourceMapping') {
        const queueArn = String(await resolved(stack, properties.EventSourceArn, `${logicalId}'s queue`));
        const functionName = String(
          await resolved(stack, properties.FunctionName, `${logicalId}'s function`),
        );
        const fn = functions.find(
          (candidate) => candidate.name === functionName || candidate.arn === functionName,
        );
        const responseTypes = (properties.FunctionResponseTypes ?? []) as string[];
        if (fn && /^arn:aws:dynamodb:.*\/stream\//.test(queueArn)) {
          const filters = (properties.FilterCriteria as { Filters?: Array<{ Pattern: string }> } | undefined)
            ?.Filters;
          streamMappings.push({
            streamArn: queueArn,
            functionArn: fn.arn,
            batchSize: Number(properties.BatchSize ?? 100),
            filters: (filters ?? []).map((filter) => JSON.parse(filter.Pattern) as unknown),
            reportBatchItemFailures: responseTypes.includes('ReportBatchItemFailures'),
          });
          continue;
        }
        if (!fn || !queueArn.startsWith('arn:aws:sqs:')) continue;
        queueMappings.push({
          queueArn,
          functionArn: fn.arn,
          batchSize: Number(properties.BatchSize ?? 10),
          ...((properties.ScalingConfig as { MaximumConcurrency?: number } | undefined)?.MaximumConcurrency
            ? {
                maximumConcurrency: Number(
                  (properties.ScalingConfig as { MaximumConcurrency: number }).MaximumConcurrency,
                ),
              }
            : {}),
          reportBatchItemFailures: ((properties.FunctionResponseTypes ?? []) as string[]).includes(
            'ReportBatchItemFailures',
          ),
        });
      }
    }
  }

  return {
    account,
    region,
    functions,
    routes,
    queueMappings,
    streamMappings,
    secrets,
    functionByArn,
  };
}
