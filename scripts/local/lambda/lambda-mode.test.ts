import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { App, Duration, Stack } from 'aws-cdk-lib';
import { HttpApi, HttpMethod } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { functionProps } from '../../../infra/bundling.ts';
import {
  type CrashControl,
  type CrashPoint,
  crashControl,
  describeCrashPoint,
} from '../../../test/integration/crash-points.ts';
import { LOCAL_ACCOUNT, LOCAL_REGION } from '../dead-letter-consumer.ts';
import type { LocalEndpointHandler } from '../stand-in-context.ts';
import { crashControl as crashEndpoints } from './crash-points.ts';
import { FunctionFailure } from './function-host.ts';
import { type LambdaMode, startLambdaMode } from './lambda-mode.ts';

/**
 * What `npm start -- --lambda` catches that the one-process runtime cannot, each with a fixture function
 * bundled as the product's are (infra/bundling.ts functionProps) into a small cloud assembly of its own:
 * two functions sharing module state, a read of a variable the template does not give, a module that
 * fails only when bundled, a function past its timeout. Each test fails if the mode ran the function as
 * the one-process runtime does. Then the crash points (`/_local/crash`, through the tests' own helper):
 * a function's calls traced, and its process killed where a test asks.
 */
const FIXTURES = 'scripts/local/lambda/fixtures';
let assembly: string;
let mode: LambdaMode;
/** What reached the witness server, which the crash fixture calls (`METHOD /path`). */
const witnessed: string[] = [];
let witness: Server;
let control: Server;
let crashes: CrashControl;

function synthesizeFixtures(outdir: string, witnessUrl: string): void {
  // As the CDK CLI synthesizes: asset and path metadata on every resource (the mode finds bundles by them).
  const app = new App({
    outdir,
    context: { 'aws:cdk:enable-asset-metadata': true, 'aws:cdk:enable-path-metadata': true },
  });
  const stack = new Stack(app, 'Cutloom-prove-Fixtures', {
    env: { account: LOCAL_ACCOUNT, region: LOCAL_REGION },
  });
  const api = new HttpApi(stack, 'Api');
  const add = (
    name: string,
    file: string,
    options: { environment?: Record<string, string>; timeoutSeconds?: number } = {},
  ) => {
    const fn = new NodejsFunction(stack, name, {
      ...functionProps(stack, name, `${FIXTURES}/${file}`, { STAGE: 'prove', ...options.environment }),
      ...(options.timeoutSeconds ? { timeout: Duration.seconds(options.timeoutSeconds) } : {}),
    });
    api.addRoutes({
      path: `/prove/${name}`,
      methods: [HttpMethod.POST],
      integration: new HttpLambdaIntegration(`${name}Integration`, fn),
    });
    return fn;
  };
  add('bumpState', 'bump-state.ts');
  add('readState', 'read-state.ts');
  add('readsUnsetVariable', 'reads-unset-variable.ts');
  add('readsGivenVariable', 'reads-unset-variable.ts', {
    environment: { SITE_URL: 'https://given.example' },
  });
  add('bundledOnlyFailure', 'bundled-only-failure.ts');
  add('outlivesTimeout', 'outlives-timeout.ts', { timeoutSeconds: 1 });
  const secret = new Secret(stack, 'WitnessSecret');
  secret.grantRead(
    add('callsAndMarks', 'calls-and-marks.ts', {
      environment: { WITNESS_URL: witnessUrl, WITNESS_SECRET_ARN: secret.secretArn },
    }),
  );
  app.synth();
}

function event(name: string, body: unknown = {}): APIGatewayProxyEventV2 {
  const routeKey = `POST /prove/${name}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: `/prove/${name}`,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: {
      accountId: LOCAL_ACCOUNT,
      apiId: 'prove',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: 'POST',
        path: `/prove/${name}`,
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'test',
      },
      requestId: `${name}-${Date.now()}`,
      routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  };
}

async function call(name: string, body?: unknown) {
  const result = (await mode.invokeRoute(
    `POST /prove/${name}`,
    event(name, body),
  )) as APIGatewayProxyStructuredResultV2;
  return JSON.parse(String(result.body));
}

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  witness = createServer((req, res) => {
    witnessed.push(`${req.method} ${req.url}`);
    req.resume();
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
  const witnessUrl = await listen(witness);
  assembly = mkdtempSync(join(tmpdir(), 'cutloom-prove-assembly-'));
  synthesizeFixtures(assembly, witnessUrl);
  mode = await startLambdaMode({
    assemblyDir: assembly,
    account: LOCAL_ACCOUNT,
    region: LOCAL_REGION,
    tableName: 'prove',
    // The fixtures reach no AWS service: addresses that answer nothing.
    dynamoEndpoint: 'http://127.0.0.1:9',
    localValues: { AWS_ENDPOINT_URL_SQS: 'http://127.0.0.1:9' },
    secretValues: {},
    idTokenSecret: 'prove',
    quiet: true,
    log: () => undefined,
  });
  // `/_local/crash` as the runtime serves it.
  const endpoints: Record<string, LocalEndpointHandler> = crashEndpoints(
    mode.deployment,
    mode.crashPoints,
    mode.host,
  );
  control = createServer((req, res) => {
    const endpoint = endpoints[`${req.method} ${new URL(req.url ?? '/', 'http://localhost').pathname}`];
    if (endpoint) void endpoint(req, res);
    else res.writeHead(404).end();
  });
  crashes = crashControl(await listen(control));
}, 120_000);

afterAll(async () => {
  await mode?.stop();
  witness?.close();
  control?.close();
  rmSync(assembly, { recursive: true, force: true });
});

describe('npm start -- --lambda', () => {
  it('keeps each function in processes of its own: module state is the process’s, never another function’s', async () => {
    const first = await call('bumpState');
    const second = await call('bumpState');
    // Warm: the same process answers again, with its module state.
    expect(second).toEqual({ count: first.count + 1, pid: first.pid });
    // The other function imports the same module, in a process of its own.
    expect(await call('readState')).toEqual({ count: 0 });
    // Two invocations at once: one process each, so the second starts from a fresh module.
    const [held, alongside] = await Promise.all([
      call('bumpState', { holdMs: 1500 }),
      sleep(200).then(() => call('bumpState')),
    ]);
    expect(held.pid).toBe(first.pid);
    expect(alongside.pid).not.toBe(first.pid);
    expect(alongside.count).toBe(1);
  }, 60_000);

  it('reports a read of a variable the function’s template does not give, which the one-process runtime cannot see', async () => {
    // The handler falls back quietly, so nothing but the mode's watch notices.
    expect(await call('readsUnsetVariable')).toEqual({ siteUrl: 'https://fallback.example' });
    expect(await call('readsGivenVariable')).toEqual({ siteUrl: 'https://given.example' });
    await expect
      .poll(() => mode.findings().filter((finding) => finding.kind === 'unset-variable'))
      .toEqual([expect.objectContaining({ functionName: 'cutloom-prove-readsUnsetVariable' })]);
    expect(mode.findings().find((finding) => finding.kind === 'unset-variable')?.detail).toMatch(
      /^read SITE_URL/,
    );
  }, 60_000);

  it('fails a module that loads from its sources but not from its bundle, as Lambda fails an init', async () => {
    const source = (await import('./fixtures/bundled-only-failure.ts')) as {
      handler: () => Promise<{ body: string }>;
    };
    expect(JSON.parse((await source.handler()).body)).toEqual({ greeting: 'hello' });
    const failure = await mode
      .invokeRoute('POST /prove/bundledOnlyFailure', event('bundledOnlyFailure'))
      .catch((error) => error);
    expect(failure).toBeInstanceOf(FunctionFailure);
    expect(failure).toMatchObject({
      kind: 'init',
      errorType: 'Error',
      message: expect.stringMatching(/ENOENT.*greeting\.json/),
    });
    expect(mode.findings()).toContainEqual(
      expect.objectContaining({ kind: 'init-error', functionName: 'cutloom-prove-bundledOnlyFailure' }),
    );
  }, 60_000);

  it('ends a function at its timeout: the invocation fails as Lambda’s does and nothing it would do later happens', async () => {
    const calls: string[] = [];
    const witness = createServer((req, res) => {
      calls.push(String(req.url));
      res.end();
    });
    await new Promise<void>((resolve) => witness.listen(0, '127.0.0.1', resolve));
    const afterUrl = `http://127.0.0.1:${(witness.address() as AddressInfo).port}/after`;
    try {
      const failure = await mode
        .invokeRoute('POST /prove/outlivesTimeout', event('outlivesTimeout', { workMs: 2500, afterUrl }))
        .catch((error) => error);
      expect(failure).toMatchObject({ kind: 'timeout', errorType: 'Sandbox.Timedout' });
      expect(failure.message).toMatch(/Task timed out after 1\.00 seconds/);
      // At once, the next invocation starts a new process (a cold start), never the one being killed, and
      // finishes in time.
      await call('outlivesTimeout', { workMs: 0, afterUrl });
      // Past the moment the timed-out handler would have called: its process is gone, so it never does.
      await sleep(3000);
      const runs = mode
        .invocations()
        .filter((record) => record.functionName === 'cutloom-prove-outlivesTimeout');
      expect(runs.map((record) => [record.cold, record.ok])).toEqual([
        [true, false],
        [true, true],
      ]);
      expect(calls).toEqual(['/after']);
    } finally {
      witness.close();
    }
  }, 60_000);
});

describe('crash points of npm start -- --lambda', () => {
  /** One run of the crash fixture: what reached the witness, the markers its code wrote, how it ended. */
  async function runCallsAndMarks() {
    const markerDir = mkdtempSync(join(tmpdir(), 'cutloom-prove-markers-'));
    witnessed.length = 0;
    try {
      const outcome = await mode
        .invokeRoute('POST /prove/callsAndMarks', event('callsAndMarks', { markerDir }))
        .then(
          (result) => ({ answered: JSON.parse(String(result.body)) as unknown }),
          (error: unknown) => ({ failed: error }),
        );
      return { outcome, witnessed: [...witnessed], markers: readdirSync(markerDir).sort() };
    } finally {
      rmSync(markerDir, { recursive: true, force: true });
    }
  }

  it('lists every outgoing call of an invocation in order: the AWS call by service and operation, the others by address', async () => {
    const run = await runCallsAndMarks();
    expect(run.outcome).toEqual({ answered: { done: true } });
    expect(run.witnessed).toEqual(['POST /first', 'GET /second']);
    const last = await crashes.lastInvocation('callsAndMarks');
    expect(last).toMatchObject({ functionName: 'cutloom-prove-callsAndMarks', ok: true });
    expect(last.calls).toEqual([
      { call: 1, label: 'secretsmanager:GetSecretValue', status: 200 },
      { call: 2, label: 'POST witness /first', status: 200 },
      { call: 3, label: 'GET witness /second', status: 200 },
    ]);
    expect(last.crash).toBeUndefined();
  }, 60_000);

  const walk: Array<{ point: CrashPoint; witnessed: string[]; markers: string[]; killed: unknown }> = [
    // The AWS call answered, never seen: nothing after it happened.
    {
      point: { call: 1, when: 'sent' },
      witnessed: [],
      markers: [],
      killed: { before: 'answer-seen', call: 1 },
    },
    // The witness did its work for call 2; the code never learnt it.
    {
      point: { call: 2, when: 'sent' },
      witnessed: ['POST /first'],
      markers: ['after-secret'],
      killed: { before: 'answer-seen', call: 2 },
    },
    // The code saw call 2's answer (its marker is there); call 3 never left.
    {
      point: { call: 2, when: 'answered' },
      witnessed: ['POST /first'],
      markers: ['after-first', 'after-secret'],
      killed: { before: 'call', call: 3 },
    },
    // The last call answered and seen: the process dies as the handler ends.
    {
      point: { call: 3, when: 'answered' },
      witnessed: ['POST /first', 'GET /second'],
      markers: ['after-first', 'after-second', 'after-secret'],
      killed: { before: 'response' },
    },
    // Every side effect is there, and the caller gets a failure (the gateway's 500) instead of the answer.
    {
      point: { handler: 'returned' },
      witnessed: ['POST /first', 'GET /second'],
      markers: ['after-first', 'after-second', 'after-secret'],
      killed: { before: 'response' },
    },
  ];
  it.each(walk)(
    'kills the process at $point, as a timeout or a host failure would',
    async (step) => {
      const plan = await crashes.arm('callsAndMarks', step.point);
      const run = await runCallsAndMarks();
      expect(run.outcome, describeCrashPoint(step.point)).toMatchObject({
        failed: expect.objectContaining({
          errorType: 'Runtime.ExitError',
          message: expect.stringMatching(/Runtime exited with error: signal: sigkill/),
        }),
      });
      expect('failed' in run.outcome && run.outcome.failed).toBeInstanceOf(FunctionFailure);
      expect(run.witnessed).toEqual(step.witnessed);
      expect(run.markers).toEqual(step.markers);
      const [result, ...others] = (await crashes.plan(plan)).results;
      expect(others).toEqual([]);
      expect(result).toMatchObject({ outcome: 'reached', point: step.point, killed: step.killed });
      if ('call' in step.point) expect(result).toHaveProperty('call.call', step.point.call);
      // The next invocation carries no point and runs whole, in a new process.
      expect((await runCallsAndMarks()).outcome).toEqual({ answered: { done: true } });
    },
    60_000,
  );

  it('reports a point the invocation never reaches as not reached, for each invocation it was armed for', async () => {
    const plan = await crashes.arm('POST /prove/callsAndMarks', { call: 4, when: 'sent' }, { times: 2 });
    expect(plan).toMatchObject({ functionName: 'cutloom-prove-callsAndMarks', times: 2, left: 2 });
    expect((await runCallsAndMarks()).outcome).toEqual({ answered: { done: true } });
    expect((await runCallsAndMarks()).outcome).toEqual({ answered: { done: true } });
    const { results, left } = await crashes.plan(plan);
    expect(left).toBe(0);
    expect(results).toEqual([
      expect.objectContaining({ outcome: 'not-reached', calls: 3, ended: 'answered' }),
      expect.objectContaining({ outcome: 'not-reached', calls: 3, ended: 'answered' }),
    ]);
    // Disarmed points are carried by no invocation.
    const armed = await crashes.arm('callsAndMarks', { handler: 'returned' });
    expect(await crashes.disarm()).toBe(1);
    expect((await runCallsAndMarks()).outcome).toEqual({ answered: { done: true } });
    expect((await crashes.plan(armed)).results).toEqual([]);
    // Only the invocation holding the plan's text carries it; it runs in a new process unless told otherwise.
    const first = await call('bumpState', { who: 'someone-else' });
    const mine = await crashes.arm('bumpState', { call: 1, when: 'sent' }, { match: 'mine' });
    expect(mine).toMatchObject({ match: 'mine', newProcess: true });
    expect(await call('bumpState', { who: 'someone-else' })).toEqual({
      count: first.count + 1,
      pid: first.pid,
    });
    expect((await crashes.plan(mine)).left).toBe(1);
    const fresh = await call('bumpState', { who: 'mine' });
    expect(fresh.pid).not.toBe(first.pid);
    expect(fresh.count).toBe(1);
    expect((await crashes.plan(mine)).results).toEqual([
      expect.objectContaining({ outcome: 'not-reached', calls: 0, ended: 'answered' }),
    ]);
    expect(await crashes.invocations('bumpState', { match: 'mine' })).toHaveLength(1);
    const warmPlan = await crashes.arm('bumpState', { call: 1, when: 'sent' }, { newProcess: false });
    const warmRun = await call('bumpState');
    expect([fresh.pid, first.pid]).toContain(warmRun.pid);
    expect((await crashes.plan(warmPlan)).results).toHaveLength(1);
    // A cold start on request: the function's idle process ends, and the next invocation starts a new one.
    const warm = await call('bumpState');
    expect(await crashes.coldStart('bumpState')).toBeGreaterThanOrEqual(1);
    const cold = await call('bumpState');
    expect(cold.count).toBe(1);
    expect(cold.pid).not.toBe(warm.pid);
    // A function no template declares, and a point of no known shape, are refused.
    await expect(crashes.arm('noSuchFunction', { handler: 'returned' })).rejects.toThrow(/404/);
    await expect(crashes.arm('callsAndMarks', { call: 0, when: 'sent' })).rejects.toThrow(/400/);
  }, 60_000);
});
