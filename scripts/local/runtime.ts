import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join, resolve } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { localEnvironment } from '../../functions/core/environment-variables.ts';
import { ORIGIN_SECRET_HEADER } from '../../shared/api/origin-secret.ts';
import { AUDIT_CHAIN_CHECK_TARGET, FINANCE_PREPARATION_TARGET } from '../../shared/jobs/schedules.ts';
import { securityHeaderValues } from '../../shared/site/security-headers.ts';
import { buildOpenApi } from '../openapi/build-openapi.ts';
import { LOCAL_ACCOUNT, LOCAL_REGION } from './dead-letter-consumer.ts';
import { startDynamoDbLocal } from './dynamodb-local.ts';
import { type GatewayOptions, invokeInProcess, isApiPath, serveApi } from './gateway.ts';
import { crashControl, crashControlRefusal } from './lambda/crash-points.ts';
import { FunctionFailure } from './lambda/function-host.ts';
import { type LambdaMode, startLambdaMode } from './lambda/lambda-mode.ts';
import { invokeModule } from './lambda-context.ts';
import { reconcilesLocally } from './reconciliation-switch.ts';
import { type SeededCredentials, seed } from './seed.ts';
import { createSite, type WebMode } from './site.ts';
import type { LocalEndpointHandler, StandIn, StandInContext, StandInModule } from './stand-in-context.ts';

export interface RuntimeOptions {
  /** 0 picks a free port. */
  port: number;
  /** Delete the stored database first. */
  fresh?: boolean;
  /** Keep the database in memory (tests). */
  inMemory?: boolean;
  web: WebMode;
  quiet?: boolean;
  /** Where the runtime's own lines go (each API call's method, path, status and time among them). */
  log?: (line: string) => void;
  stateDir?: string;
  tableName?: string;
  /**
   * Run the functions of this cloud assembly as Lambda runs them (`npm start -- --lambda`,
   * scripts/local/lambda) instead of importing their sources into this process.
   */
  lambda?: { assemblyDir: string; idleMs?: number };
}

export interface Runtime {
  url: string;
  dynamoEndpoint: string;
  tableName: string;
  idTokenSecret: string;
  credentials: SeededCredentials[];
  /** With `lambda`: the functions' processes, what they were given and what the run found. */
  lambda?: LambdaMode;
  stop(): Promise<void>;
}

const repoRoot = resolve(import.meta.dirname, '../..');
const SECURITY_HEADER_VALUES = securityHeaderValues();
const standInsDir = join(repoRoot, 'scripts/local/stand-ins');

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  type = 'application/json; charset=utf-8',
): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store' });
  res.end(typeof body === 'string' ? body : JSON.stringify(body, null, 2));
}

/**
 * The handlers' environment on one machine: every function runs in this process, so it is one for all,
 * and only declared variables go in (functions/core/environment-variables.ts localEnvironment). Kept in
 * `localValues` too: with `--lambda` each function takes from it only what its template calls for.
 */
const localValues: Record<string, string> = {};
function setLocalEnvironment(values: Record<string, string>): void {
  Object.assign(localValues, localEnvironment(values));
  Object.assign(process.env, localValues);
}

/** The token secret survives restarts with the data (tokens stay valid); in-memory runs get a new one. */
function idTokenSecret(stateDir: string, inMemory: boolean): string {
  if (inMemory) return randomBytes(32).toString('hex');
  const file = join(stateDir, 'id-token-secret');
  if (!existsSync(file)) writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600 });
  return readFileSync(file, 'utf8').trim();
}

/**
 * The whole product on one machine: DynamoDB Local, the table and its seed, the API gateway over
 * the route table, the site, `/_local/` developer endpoints and the stand-ins of outside services.
 */
export async function startRuntime(options: RuntimeOptions): Promise<Runtime> {
  const stateDir = resolve(options.stateDir ?? join(repoRoot, '.local'));
  const dbPath = join(stateDir, 'dynamodb');
  const standInState = join(stateDir, 'stand-ins');
  if (options.fresh) {
    rmSync(dbPath, { recursive: true, force: true });
    rmSync(standInState, { recursive: true, force: true });
  }
  mkdirSync(options.inMemory ? stateDir : dbPath, { recursive: true });
  if (!options.inMemory) mkdirSync(standInState, { recursive: true });
  const log = options.log ?? (options.quiet ? () => undefined : (line: string) => console.log(line));
  // Quiet runs (tests) keep the handlers' logs to warnings and errors.
  if (options.quiet) process.env.LOG_LEVEL ??= 'warn';

  const dynamo = await startDynamoDbLocal(options.inMemory ? {} : { dbPath });
  const tableName = options.tableName ?? process.env.TABLE_NAME ?? 'cutloom-local';
  const secret = idTokenSecret(stateDir, Boolean(options.inMemory));
  setLocalEnvironment({
    TABLE_NAME: tableName,
    AWS_ENDPOINT_URL_DYNAMODB: dynamo.endpoint,
    AWS_REGION: 'ap-northeast-2',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    STAGE: 'local',
    ID_TOKEN_SECRET: secret,
  });

  const stopSteps: Array<() => Promise<void>> = [() => dynamo.stop()];
  const stopAll = async () => {
    for (const step of stopSteps.reverse()) await step().catch((error) => console.error(error));
  };

  try {
    const client = new DynamoDBClient({
      endpoint: dynamo.endpoint,
      region: 'ap-northeast-2',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
    });
    const { ensureTable } = await import('./table.ts');
    await ensureTable(client, tableName);
    client.destroy();
    const credentials = await seed();

    const localEndpoints = new Map<string, LocalEndpointHandler>();
    const registerLocalEndpoint = (method: string, path: string, handler: LocalEndpointHandler) => {
      if (!path.startsWith('/_local/')) throw new Error(`Local endpoints live under /_local/: ${path}`);
      localEndpoints.set(`${method.toUpperCase()} ${path}`, handler);
    };
    const openApi = JSON.stringify(buildOpenApi(), null, 2);
    registerLocalEndpoint('GET', '/_local/openapi.json', (_req, res) => send(res, 200, openApi));
    // Where the table is, for commands run beside the runtime (`npm run audit:verify -- --base URL`).
    registerLocalEndpoint('GET', '/_local/dynamodb.json', (_req, res) =>
      send(res, 200, { endpoint: dynamo.endpoint, tableName }),
    );
    // Healthy once started: the server listens before the stand-ins (the test clock among them) and the
    // deployment's first jobs are up, and whoever waits for the runtime waits for all of it.
    let started = false;
    registerLocalEndpoint('GET', '/_local/health', (_req, res) =>
      send(res, started ? 200 : 503, { ok: started }),
    );
    registerLocalEndpoint('GET', '/_local/', (_req, res) => {
      const links = [...localEndpoints.keys()]
        .filter((key) => key.startsWith('GET ') && key !== 'GET /_local/')
        .map((key) => key.slice(4))
        .sort()
        .map((path) => `<li><a href="${path}">${path}</a></li>`)
        .join('');
      send(
        res,
        200,
        `<!doctype html><title>Local tools</title><h1>Local tools</h1><ul>${links}</ul>`,
        'text/html; charset=utf-8',
      );
    });

    let lambda: LambdaMode | undefined;
    const gatewayOptions: GatewayOptions = {
      viewerCountry: process.env.VIEWER_COUNTRY ?? 'KR',
      log,
      invoke: invokeInProcess,
    };

    const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      const handle = async () => {
        if (url.pathname.startsWith('/_local/') || url.pathname === '/_local') {
          const endpoint = localEndpoints.get(
            `${(req.method ?? 'GET').toUpperCase()} ${url.pathname === '/_local' ? '/_local/' : url.pathname}`,
          );
          if (endpoint) await endpoint(req, res);
          else send(res, 404, { message: 'Not Found' });
          return;
        }
        // CloudFront's response headers policy covers the site, the console and the API alike.
        for (const [name, value] of Object.entries(SECURITY_HEADER_VALUES)) res.setHeader(name, value);
        if (isApiPath(url.pathname)) return serveApi(req, res, url, gatewayOptions);
        return site.serve(req, res, url);
      };
      handle().catch((error) => {
        console.error(error);
        if (!res.headersSent) send(res, 500, { message: 'Internal Server Error' });
        else res.end();
      });
    });
    server.keepAliveTimeout = 65_000;
    stopSteps.push(
      () =>
        new Promise<void>((resolveClose) => {
          server.close(() => resolveClose());
          server.closeAllConnections();
        }),
    );
    // Before the server listens: in dev mode the site's hot-reload socket is served on it. Stopped
    // before the server (steps run last first): closing Vite ends the upgraded sockets, which the
    // server's close would otherwise wait for.
    const site = await createSite(options.web, server);
    stopSteps.push(() => site.close());
    await new Promise<void>((resolveListen, reject) => {
      server.once('error', reject);
      server.listen(options.port, resolveListen);
    });
    const url = `http://localhost:${(server.address() as AddressInfo).port}`;
    // The base of the links the product mails (verification, password reset).
    setLocalEnvironment({ SITE_URL: url });

    // With --lambda the stand-ins invoke the assembly's functions, which start once the stand-ins have.
    let lambdaReady: (mode: LambdaMode) => void = () => undefined;
    const lambdaStarted = new Promise<LambdaMode>((resolveMode) => {
      lambdaReady = resolveMode;
    });
    if (options.lambda)
      // A call that comes before the functions are deployed (their provisioned environments starting) waits
      // for them: nothing is ever answered by this process's own handlers in this mode.
      gatewayOptions.invoke = async (_route, event) => {
        const mode = await lambdaStarted;
        // CloudFront's header, which the gateway adds once the deployment's secret is known.
        if (mode.originHeader) event.headers[ORIGIN_SECRET_HEADER] ??= mode.originHeader;
        try {
          return await mode.invokeRoute(event.routeKey, event);
        } catch (error) {
          if (!(error instanceof FunctionFailure)) throw error;
          console.error(`${event.routeKey}: ${error.errorType}: ${error.message}`);
          return undefined;
        }
      };
    const context: StandInContext = {
      registerLocalEndpoint,
      invokeModule: options.lambda
        ? async (modulePath, event, budgetMs, trigger) =>
            (await lambdaStarted).invoke(modulePath, event, budgetMs, trigger)
        : invokeModule,
      stateDir: options.inMemory ? undefined : standInState,
      baseUrl: url,
    };
    const standIns: StandIn[] = [];
    if (existsSync(standInsDir)) {
      const modules = readdirSync(standInsDir)
        .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
        .sort();
      for (const name of modules) {
        const module = (await import(join(standInsDir, name))) as StandInModule;
        const standIn: StandIn = await module.start(context);
        setLocalEnvironment(standIn.env);
        standIns.push(standIn);
        stopSteps.push(() => standIn.stop());
      }
    }
    if (options.lambda) {
      lambda = await startLambdaMode({
        assemblyDir: options.lambda.assemblyDir,
        account: LOCAL_ACCOUNT,
        region: LOCAL_REGION,
        tableName,
        dynamoEndpoint: dynamo.endpoint,
        localValues,
        secretValues: Object.assign({}, ...standIns.map((standIn) => standIn.secrets ?? {})),
        idTokenSecret: secret,
        quiet: Boolean(options.quiet),
        ...(options.lambda.idleMs ? { idleMs: options.lambda.idleMs } : {}),
        log,
      });
      const mode = lambda;
      stopSteps.push(() => mode.stop());
      for (const standIn of standIns) standIn.adopt?.(mode.deployedValues);
      if (mode.originHeader) gatewayOptions.originSecret = mode.originHeader;
      registerLocalEndpoint('GET', '/_local/lambda.json', (_req, res) =>
        send(res, 200, {
          assembly: options.lambda?.assemblyDir,
          functions: mode.deployment.functions.length,
          processes: Object.fromEntries(mode.host.processCounts()),
          findings: mode.findings(),
          invocations: mode.invocations(),
        }),
      );
      lambdaReady(mode);
      log(
        `Functions from ${options.lambda.assemblyDir}: ${mode.deployment.functions.length} (${mode.deployment.routes.size} routes), each in processes of its own`,
      );
    }
    // Crash points kill a function's process: only where each function has processes of its own.
    const crashRoutes = lambda
      ? crashControl(lambda.deployment, lambda.crashPoints, lambda.host)
      : crashControlRefusal();
    for (const [route, handler] of Object.entries(crashRoutes)) {
      const [method, path] = route.split(' ') as [string, string];
      registerLocalEndpoint(method, path, handler);
    }
    // What a deployment does once the jobs exist: older items' finance keys, the daily reconciliation,
    // the hourly tax documents' run, and the audit trail's chain checked (then every hour).
    await context.invokeModule(
      'events/finance/prepare-finance',
      { pass: 'last', reconcile: reconcilesLocally(), taxDocuments: reconcilesLocally() },
      undefined,
      { scheduledTarget: FINANCE_PREPARATION_TARGET.id },
    );
    if (reconcilesLocally())
      await context.invokeModule('events/audit/check-audit-chain', { full: true }, undefined, {
        scheduledTarget: AUDIT_CHAIN_CHECK_TARGET.id,
      });

    started = true;
    return {
      url,
      dynamoEndpoint: dynamo.endpoint,
      tableName,
      idTokenSecret: secret,
      credentials,
      ...(lambda ? { lambda } : {}),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
