import { createSocket } from 'node:dgram';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { build } from 'esbuild';
import { nowMs } from '../../../functions/core/clock.ts';
import { ENVIRONMENT, ENVIRONMENT_FAMILIES } from '../../../functions/core/environment-variables.ts';
import { ACCOUNT_CONCURRENCY_QUOTA } from '../../../infra/capacity.ts';
import { scheduledTargetArnVariable } from '../../../shared/jobs/schedules.ts';
import { FIRST_KEY_ID } from '../../../shared/secrets/rotating-secret.ts';
import { freePort } from '../dynamodb-local.ts';
import type { FunctionTrigger } from '../stand-in-context.ts';
import { onTestClockMoved } from '../test-clock.ts';
import { deployAssembly, type LocalDeployment, type LocalFunction } from './assembly.ts';
import { CrashPoints } from './crash-points.ts';
import { type Finding, FunctionFailure, FunctionHost, type InvocationRecord } from './function-host.ts';
import type { AwsService } from './permissions/aws-requests.ts';
import { startPermissionProxy } from './permissions/permission-proxy.ts';
import type { RoleIdentity } from './permissions/policy-evaluator.ts';
import { type SecretsManagerStandIn, startSecretsManager } from './secrets-manager.ts';

/**
 * `npm start -- --lambda`: the functions of the cloud assembly run as Lambda runs them
 * (function-host.ts), each with exactly its template's environment (assembly.ts resolves it against this
 * machine's resources), plus what Lambda itself sets, the stand-ins' endpoints as the SDK's
 * AWS_ENDPOINT_URL_<SERVICE>, the sandboxes' addresses beside the settings they stand in for, and
 * credentials of its own. The gateway, the SQS and scheduler stand-ins invoke through `invoke` (the
 * same seam as the one-process runtime). What the run must not have, it reports as findings: a read of a
 * variable the template does not give, an init failure.
 */
export interface LambdaModeOptions {
  assemblyDir: string;
  account: string;
  region: string;
  tableName: string;
  dynamoEndpoint: string;
  /** The one-machine values the stand-ins and the runtime give (the one-process runtime's environment). */
  localValues: Readonly<Record<string, string>>;
  /** The sandboxes' credentials by secret purpose, and the runtime's token key. */
  secretValues: Readonly<Record<string, Record<string, string>>>;
  idTokenSecret: string;
  quiet: boolean;
  idleMs?: number;
  log(line: string): void;
}

export interface LambdaMode {
  deployment: LocalDeployment;
  host: FunctionHost;
  /** The header CloudFront adds to every API request (the origin secret's current key). */
  originHeader: string | undefined;
  /** The values the deployment gives the functions' variables (for the stand-ins' `adopt`). */
  deployedValues: Record<string, string>;
  /** The armed crash points and each invocation's outgoing calls (`/_local/crash`). */
  crashPoints: CrashPoints;
  invoke(modulePath: string, event: unknown, budgetMs?: number, trigger?: FunctionTrigger): Promise<unknown>;
  invokeRoute(routeKey: string, event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2>;
  findings(): readonly Finding[];
  invocations(): readonly InvocationRecord[];
  /** Starts the environments the template provisions (as a deployment does) and waits for their init. */
  provision(): Promise<void>;
  stop(): Promise<void>;
}

/** The SDK's endpoint variable of each service the permission check stands in front of. */
const SERVICE_VARIABLES: Record<AwsService, string> = {
  dynamodb: 'AWS_ENDPOINT_URL_DYNAMODB',
  sqs: 'AWS_ENDPOINT_URL_SQS',
  s3: 'AWS_ENDPOINT_URL_S3',
  scheduler: 'AWS_ENDPOINT_URL_SCHEDULER',
  sesv2: 'AWS_ENDPOINT_URL_SESV2',
  secretsmanager: 'AWS_ENDPOINT_URL_SECRETS_MANAGER',
  firehose: 'AWS_ENDPOINT_URL_FIREHOSE',
};

type Declared = Record<
  string,
  { implies: string; for?: readonly string[]; localOnly?: true; beside?: string }
>;
const DECLARED = ENVIRONMENT as unknown as Declared;

/**
 * The product's variables that a deployment gives some functions: a function reading one it was not given
 * is a finding. One-machine variables and Lambda's own are not watched (the code reads them as options).
 */
function watchedVariables(deployment: LocalDeployment): string[] {
  const given = new Set(deployment.functions.flatMap((fn) => Object.keys(fn.environment)));
  for (const [name, variable] of Object.entries(DECLARED))
    if (variable.for && !variable.localOnly) given.add(name);
  const families = Object.keys(ENVIRONMENT_FAMILIES);
  return [...given].filter(
    (name) => DECLARED[name]?.for || families.some((prefix) => name.startsWith(prefix)),
  );
}

/** The runtime loop, bundled once per run from bootstrap.ts. */
async function bundleBootstrap(dir: string): Promise<string> {
  const file = join(dir, 'bootstrap.mjs');
  await build({
    entryPoints: [join(import.meta.dirname, 'bootstrap.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: file,
    logLevel: 'warning',
  });
  return file;
}

/** Function output worth showing when the run is quiet: warnings and errors, not metrics or info lines. */
function worthShowing(line: string, quiet: boolean): boolean {
  // The SDK's notice that Node 20 will be unsupported: Lambda runs Node 22, where it is never printed.
  if (
    /NodeVersionSupportWarning|versions published after|require node >=22|upgrade to node >=22|a\.co\/c895JFp|--trace-warnings|^To continue receiving updates|^$/.test(
      line.trim(),
    )
  )
    return false;
  if (!quiet) return true;
  if (!line.startsWith('{')) return true;
  try {
    const entry = JSON.parse(line) as { level?: string; _aws?: unknown };
    if (entry._aws) return false;
    return !['DEBUG', 'INFO', 'TRACE'].includes(String(entry.level ?? '').toUpperCase());
  } catch {
    return true;
  }
}

export async function startLambdaMode(options: LambdaModeOptions): Promise<LambdaMode> {
  const workDir = mkdtempSync(join(tmpdir(), 'cutloom-lambda-'));
  const clockFile = join(workDir, 'clock');
  const writeClock = () => writeFileSync(clockFile, String(Math.max(0, Math.round(nowMs() - Date.now()))));
  writeClock();
  const stopWatchingClock = onTestClockMoved(writeClock);
  const bootstrapFile = await bundleBootstrap(workDir);
  if (!options.localValues.AWS_ENDPOINT_URL_SQS) throw new Error('The SQS stand-in has not started');
  // Every AWS call of a function goes through the permission check (permissions/permission-proxy.ts), so
  // the queues' URLs are on its SQS endpoint: the SDK sends an SQS call to its queue URL's host.
  const sqsPort = await freePort();
  const sqsEndpoint = `http://127.0.0.1:${sqsPort}`;

  // An assembly named relative to the working directory (LOCAL_LAMBDA_ASSEMBLY=.local/cdk.out.check) is read
  // from there: each function's process starts elsewhere.
  const deployment = await deployAssembly(resolve(options.assemblyDir), {
    account: options.account,
    region: options.region,
    tableName: options.tableName,
    sqsEndpoint,
  });
  const secrets: SecretsManagerStandIn = await startSecretsManager(deployment.secrets, {
    ...Object.fromEntries(
      Object.entries(options.secretValues).map(([purpose, value]) => [purpose, JSON.stringify(value)]),
    ),
    'id-token-key': JSON.stringify({ keyId: FIRST_KEY_ID, key: options.idTokenSecret }),
  });
  const identities = new Map<string, RoleIdentity>();
  const upstreams: Partial<Record<AwsService, string>> = {
    dynamodb: options.dynamoEndpoint,
    secretsmanager: secrets.endpoint,
  };
  for (const [service, variable] of Object.entries(SERVICE_VARIABLES) as Array<[AwsService, string]>) {
    const local = options.localValues[variable];
    if (local && !upstreams[service]) upstreams[service] = local;
  }
  const found: Finding[] = [];
  const proxy = await startPermissionProxy({
    upstreams,
    region: options.region,
    account: options.account,
    secretArns: deployment.secrets.map((secret) => secret.arn),
    ports: { sqs: sqsPort },
    identityOf: (accessKeyId) => identities.get(accessKeyId),
    log: () => undefined,
  });
  proxy.onDenied((call) => {
    const finding: Finding = {
      kind: 'denied-call',
      functionName: call.functionName,
      detail: `${call.action} on ${call.resource} refused (${call.unmodelled ?? (call.reason === 'explicit-deny' ? `explicit deny in ${call.statement?.policy}` : 'no statement of its role allows it')})`,
    };
    found.push(finding);
    console.error(`LAMBDA CHECK: ${finding.functionName} ${finding.kind}: ${finding.detail}`);
  });
  const originSecret = deployment.secrets.find((secret) => secret.name.endsWith('/origin'));
  const originHeader = originSecret
    ? (JSON.parse(secrets.valueOf(originSecret.arn) ?? '{}') as { key?: string }).key
    : undefined;

  // Lambda gives a traced function the X-Ray daemon's address; here a socket that takes the segments.
  const xray = createSocket('udp4');
  await new Promise<void>((resolve) => xray.bind(0, '127.0.0.1', resolve));
  xray.on('message', () => undefined);

  const endpoints: Record<string, string> = Object.fromEntries(
    (Object.entries(SERVICE_VARIABLES) as Array<[AwsService, string]>).map(([service, variable]) => [
      variable,
      proxy.endpoints[service],
    ]),
  );

  /** The settings that point outside (a site, a sandbox's host, a sender) take this machine's value. */
  function extraEnvironment(fn: LocalFunction): Record<string, string> {
    const extra: Record<string, string> = { ...endpoints };
    for (const name of Object.keys(fn.environment)) {
      const variable = DECLARED[name];
      const local = options.localValues[name];
      if (variable?.implies === 'nothing' && name !== 'STAGE' && local !== undefined) extra[name] = local;
    }
    for (const [name, variable] of Object.entries(DECLARED)) {
      const local = options.localValues[name];
      if (variable.beside && variable.beside in fn.environment && local !== undefined) extra[name] = local;
    }
    return extra;
  }

  const records: InvocationRecord[] = [];
  const crashPoints = new CrashPoints();
  const reservedTotal = deployment.functions.reduce((sum, fn) => sum + (fn.reservedConcurrency ?? 0), 0);
  const host = new FunctionHost({
    bootstrapFile,
    clockFile,
    traceDir: workDir,
    crashPoints,
    watchedVariables: watchedVariables(deployment),
    extraEnvironment,
    accountConcurrency: ACCOUNT_CONCURRENCY_QUOTA,
    reservedTotal,
    idleMs: options.idleMs ?? 10 * 60_000,
    region: options.region,
    xrayDaemonAddress: `127.0.0.1:${xray.address().port}`,
    output: (fn, line) => {
      if (worthShowing(line, options.quiet)) console.log(`[${fn.name}] ${line}`);
    },
    onFinding: (finding) => {
      found.push(finding);
      console.error(`LAMBDA CHECK: ${finding.functionName} ${finding.kind}: ${finding.detail}`);
    },
    onInvocation: (record) => records.push(record),
  });

  for (const fn of deployment.functions)
    identities.set(host.credentialsOf(fn).AWS_ACCESS_KEY_ID as string, {
      functionName: fn.name,
      roleArn: fn.roleArn,
      policies: fn.policies,
    });

  const deployedValues: Record<string, string> = {};
  for (const fn of deployment.functions) Object.assign(deployedValues, fn.environment);

  const provision = async () => {
    await Promise.all(
      deployment.functions.map((fn) =>
        fn.provisionedConcurrency ? host.provision(fn, fn.provisionedConcurrency) : undefined,
      ),
    );
  };
  // As after a deployment: the provisioned functions' environments are initialised before any call.
  await provision();

  function functionOf(
    trigger: FunctionTrigger | undefined,
    modulePath: string,
  ): { fn: LocalFunction; arn?: string } {
    if (trigger && 'queueArn' in trigger) {
      const mapping = deployment.queueMappings.find((candidate) => candidate.queueArn === trigger.queueArn);
      const fn = mapping && deployment.functionByArn(mapping.functionArn);
      if (fn) return { fn };
      throw new Error(`No event source mapping reads ${trigger.queueArn}`);
    }
    if (trigger && 'tableStream' in trigger) {
      const mapping = deployment.streamMappings.find((candidate) =>
        candidate.streamArn.includes(`:table/${trigger.tableStream}/stream/`),
      );
      const fn = mapping && deployment.functionByArn(mapping.functionArn);
      if (fn) return { fn };
      throw new Error(`No event source mapping reads the stream of ${trigger.tableStream}`);
    }
    const arn =
      trigger && 'functionArn' in trigger
        ? trigger.functionArn
        : trigger && 'scheduledTarget' in trigger
          ? deployedValues[scheduledTargetArnVariable(trigger.scheduledTarget)]
          : undefined;
    const fn = arn ? deployment.functionByArn(arn) : undefined;
    if (fn) return { fn, arn };
    throw new Error(`No function of the cloud assembly answers ${arn ?? modulePath}`);
  }

  return {
    deployment,
    host,
    originHeader,
    deployedValues,
    crashPoints,
    async invoke(modulePath, event, _budgetMs, trigger) {
      const { fn, arn } = functionOf(trigger, modulePath);
      // An event source mapping and Lambda's asynchronous queue retry a throttled invocation themselves.
      return host.invoke(fn, event, { throttle: 'wait', ...(arn ? { invokedArn: arn } : {}) });
    },
    async invokeRoute(routeKey, event) {
      const fn = deployment.routes.get(routeKey);
      if (!fn)
        throw new FunctionFailure('ResourceNotFoundException', `No integration for ${routeKey}`, 'error');
      return (await host.invoke(fn, event, { throttle: 'fail' })) as APIGatewayProxyStructuredResultV2;
    },
    findings: () => found,
    invocations: () => records,
    provision,
    async stop() {
      stopWatchingClock();
      await host.stop();
      await proxy.stop();
      await secrets.stop();
      xray.close();
      rmSync(workDir, { recursive: true, force: true });
    },
  };
}
