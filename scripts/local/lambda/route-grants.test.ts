import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { App } from 'aws-cdk-lib';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../infra/build-app.ts';
import { LAMBDA_BUNDLE, repoRoot } from '../../../infra/bundling.ts';
import { type RouteDefinition, routePath } from '../../../shared/api/define-route.ts';
import { signUp } from '../../../shared/api/identity.ts';
import { ORIGIN_SECRET_HEADER } from '../../../shared/api/origin-secret.ts';
import { LOCAL_ACCOUNT, LOCAL_REGION } from '../dead-letter-consumer.ts';
import { type DynamoDbLocal, startDynamoDbLocal } from '../dynamodb-local.ts';
import type { LocalEndpointHandler, StandIn } from '../stand-in-context.ts';
import { start as startMail } from '../stand-ins/mail.ts';
import { ensureTable } from '../table.ts';
import { type LambdaMode, startLambdaMode } from './lambda-mode.ts';

/**
 * A grant removed from the route table is a call refused in `npm start -- --lambda`, as in AWS: the
 * product's own app (infra/build-app.ts) synthesized with the sign-up route as the table declares it and
 * a copy of it without `mail:send`; both bundles (esbuild with the product's settings) run under their roles, the copy's SendEmail is refused
 * by the permission check (AccessDeniedException in the function) and listed with the statement that
 * decided. In the one-process runtime both send their mail.
 */
const TABLE = 'prove-grants';
const withoutMail: RouteDefinition = {
  ...signUp,
  name: 'signUpWithoutMailGrant',
  path: '/sign-up-without-mail-grant',
  grants: (signUp.grants ?? []).filter((grant) => grant !== 'mail:send'),
};

let assembly: string;
let webDist: string;
let dynamo: DynamoDbLocal;
let mail: StandIn;
let site: Server;
let mode: LambdaMode;
const localEndpoints = new Map<string, LocalEndpointHandler>();

function event(route: RouteDefinition, body: unknown): APIGatewayProxyEventV2 {
  const routeKey = `${route.method} ${routePath(route)}`;
  return {
    version: '2.0',
    routeKey,
    rawPath: routePath(route),
    rawQueryString: '',
    headers: { 'content-type': 'application/json', [ORIGIN_SECRET_HEADER]: mode.originHeader ?? '' },
    requestContext: {
      accountId: LOCAL_ACCOUNT,
      apiId: 'prove',
      domainName: 'localhost',
      domainPrefix: 'localhost',
      http: {
        method: route.method,
        path: routePath(route),
        protocol: 'HTTP/1.1',
        sourceIp: '127.0.0.1',
        userAgent: 'test',
      },
      requestId: `${route.name}-${Date.now()}`,
      routeKey,
      stage: '$default',
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body: JSON.stringify(body),
    isBase64Encoded: false,
  };
}

async function signUpThrough(route: RouteDefinition, email: string) {
  const body = { name: 'Sky Kim', email, password: 'grant-pass1', language: 'en', clientType: 'landing' };
  return (await mode.invokeRoute(
    `${route.method} ${routePath(route)}`,
    event(route, body),
  )) as APIGatewayProxyStructuredResultV2;
}

async function outbox(): Promise<Array<{ to: string[] }>> {
  return (await (
    await fetch(`http://127.0.0.1:${(site.address() as AddressInfo).port}/_local/outbox.json`)
  ).json()) as Array<{ to: string[] }>;
}

beforeAll(async () => {
  // Java's start first: the synthesis below keeps this process busy.
  dynamo = await startDynamoDbLocal({});
  const client = new DynamoDBClient({
    endpoint: dynamo.endpoint,
    region: LOCAL_REGION,
    credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
  });
  await ensureTable(client, TABLE);
  client.destroy();
  assembly = mkdtempSync(join(tmpdir(), 'cutloom-grants-assembly-'));
  webDist = mkdtempSync(join(tmpdir(), 'cutloom-grants-web-'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><title>grants</title>');
  // As the CDK CLI synthesizes (asset and path metadata), without bundling the jobs' handlers: the two
  // routes' bundles are made below with the settings CDK bundles every handler with (LAMBDA_BUNDLE).
  const app = new App({
    outdir: assembly,
    context: {
      'aws:cdk:enable-asset-metadata': true,
      'aws:cdk:enable-path-metadata': true,
      'aws:cdk:bundling-stacks': [],
      '@aws-cdk/core:defaultCrossStackReferences': 'strong',
    },
  });
  buildApp(app, {
    stage: 'prove',
    account: LOCAL_ACCOUNT,
    region: LOCAL_REGION,
    routes: [signUp, withoutMail],
    webDist,
  });
  app.synth();
  for (const route of [signUp, withoutMail]) {
    const functionName = `cutloom-prove-${route.name}`;
    const codeDir = readdirSync(assembly)
      .filter((file) => file.endsWith('.template.json'))
      .flatMap((file) =>
        Object.values(
          (
            JSON.parse(readFileSync(join(assembly, file), 'utf8')) as {
              Resources?: Record<
                string,
                { Properties?: { FunctionName?: string }; Metadata?: Record<string, string> }
              >;
            }
          ).Resources ?? {},
        ),
      )
      .find((resource) => resource.Properties?.FunctionName === functionName)?.Metadata?.['aws:asset:path'];
    if (!codeDir) throw new Error(`No function ${functionName} in the assembly`);
    await build({
      ...LAMBDA_BUNDLE,
      logLevel: 'error',
      entryPoints: [join(repoRoot, `functions/${route.handler}.ts`)],
      outfile: join(assembly, codeDir, 'index.mjs'),
    });
  }

  site = createServer((req, res) => {
    const handler = localEndpoints.get(`${req.method} ${req.url}`);
    if (handler) void handler(req, res);
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  mail = await startMail({
    registerLocalEndpoint: (method, path, handler) => localEndpoints.set(`${method} ${path}`, handler),
    invokeModule: () => Promise.reject(new Error('no function is invoked by the mail stand-in')),
    stateDir: undefined,
    baseUrl,
  });
  mode = await startLambdaMode({
    assemblyDir: assembly,
    account: LOCAL_ACCOUNT,
    region: LOCAL_REGION,
    tableName: TABLE,
    dynamoEndpoint: dynamo.endpoint,
    localValues: { ...mail.env, SITE_URL: baseUrl, AWS_ENDPOINT_URL_SQS: 'http://127.0.0.1:9' },
    secretValues: {},
    idTokenSecret: 'prove-grants-token-key',
    quiet: true,
    log: () => undefined,
  });
}, 300_000);

afterAll(async () => {
  await mode?.stop();
  await mail?.stop();
  site?.close();
  await dynamo?.stop();
  rmSync(assembly, { recursive: true, force: true });
  rmSync(webDist, { recursive: true, force: true });
});

describe('a grant removed from the route table', () => {
  it('leaves the route as it is: its bundle signs up and sends the verification mail under its role', async () => {
    const email = `granted-${Date.now()}@example.com`;
    expect((await signUpThrough(signUp, email)).statusCode).toBe(200);
    expect((await outbox()).filter((message) => message.to.includes(email))).toHaveLength(1);
    expect(mode.findings()).toEqual([]);
  }, 120_000);

  it('is a refused call in the function, listed with the action and the resource', async () => {
    const email = `ungranted-${Date.now()}@example.com`;
    await signUpThrough(withoutMail, email);
    expect((await outbox()).filter((message) => message.to.includes(email))).toEqual([]);
    const denied = mode.findings().filter((finding) => finding.kind === 'denied-call');
    expect(denied).toEqual([
      expect.objectContaining({
        functionName: 'cutloom-prove-signUpWithoutMailGrant',
        detail: expect.stringMatching(
          /^ses:SendEmail on arn:aws:ses:ap-northeast-2:\d{12}:identity\/.+ refused \(no statement of its role allows it\)$/,
        ),
      }),
    ]);
  }, 120_000);
});
