import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { build } from 'esbuild';
import { LAMBDA_BUNDLE } from '../../infra/bundling.ts';
import { ROUTES } from '../../shared/api/routes.ts';
import { freePort } from '../local/dynamodb-local.ts';
import { type LoadResult, median, runLoad } from './load.ts';

/**
 * The foundation's figures (`npm run bench`): start-up time, handler bundle sizes and module
 * initialisation, and local API latency under load against a bare DynamoDB Local loop.
 * Everything runs on loopback and stops by itself.
 */
const root = resolve(import.meta.dirname, '../..');
const tsx = join(root, 'node_modules/.bin/tsx');
const rows: string[][] = [];
const report = (figure: string, value: string) => {
  rows.push([figure, value]);
  console.log(`${figure}: ${value}`);
};

async function startProduct(
  args: string[],
): Promise<{ child: ChildProcess; url: string; ms: number; output: () => string }> {
  const port = await freePort();
  const started = performance.now();
  const child = spawn(tsx, ['scripts/local/start.ts', ...args], {
    cwd: root,
    env: { ...process.env, PORT: String(port), LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = `http://localhost:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`start failed:\n${output}`);
    try {
      const response = await fetch(`${url}/payment/get-payment-plan-info-v2`, { method: 'POST', body: '{}' });
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  const ms = performance.now() - started;
  // The gateway answers a moment before the banner (with the DynamoDB Local endpoint) is printed.
  while (!output.includes('Cutloom is running')) {
    if (child.exitCode !== null) throw new Error(`start failed:\n${output}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 50));
  }
  return { child, url, ms, output: () => output };
}

async function stopProduct(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolveExit) => child.once('exit', resolveExit));
  child.kill('SIGTERM');
  await exited;
}

async function startUpTimes(): Promise<void> {
  for (const web of ['none', 'dev']) {
    const times: number[] = [];
    for (let run = 0; run < 3; run += 1) {
      const stateDir = mkdtempSync(join(tmpdir(), 'cutloom-bench-'));
      const product = await startProduct([`--web=${web}`, `--state-dir=${stateDir}`]);
      times.push(product.ms);
      await stopProduct(product.child);
      rmSync(stateDir, { recursive: true, force: true });
    }
    report(
      `npm start to first API answer (--web=${web}, fresh state, median of 3)`,
      `${Math.round(median(times))} ms`,
    );
  }
}

async function bundles(): Promise<void> {
  const outdir = mkdtempSync(join(tmpdir(), 'cutloom-bundles-'));
  const options = {
    ...LAMBDA_BUNDLE,
    mainFields: [...LAMBDA_BUNDLE.mainFields],
    banner: { js: LAMBDA_BUNDLE.banner },
    bundle: true,
    platform: 'node' as const,
    logLevel: 'error' as const,
  };
  const sizes: Array<{ name: string; bytes: number; gzip: number; file: string }> = [];
  for (const route of ROUTES) {
    const file = join(outdir, `${route.name}.mjs`);
    await build({ ...options, entryPoints: [join(root, 'functions', `${route.handler}.ts`)], outfile: file });
    const content = readFileSync(file);
    sizes.push({ name: route.name, bytes: content.length, gzip: gzipSync(content).length, file });
  }
  const bareSource = join(outdir, 'bare.ts');
  writeFileSync(
    bareSource,
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nconst client = new DynamoDBClient({});\nexport const handler = async () => ({ statusCode: 200, body: String(Boolean(client)) });\n",
  );
  const bareFile = join(outdir, 'bare.mjs');
  await build({
    ...options,
    entryPoints: [bareSource],
    outfile: bareFile,
    nodePaths: [join(root, 'node_modules')],
  });
  for (const size of sizes) {
    report(
      `bundle ${size.name} (minified / gzip)`,
      `${(size.bytes / 1024).toFixed(1)} KiB / ${(size.gzip / 1024).toFixed(1)} KiB`,
    );
  }
  const bareBytes = statSync(bareFile).size;
  report('bundle bare DynamoDB-client handler (minified)', `${(bareBytes / 1024).toFixed(1)} KiB`);

  const biggest = sizes.reduce((a, b) => (b.bytes > a.bytes ? b : a));
  const initTime = (file: string) => {
    const runs: number[] = [];
    for (let run = 0; run < 10; run += 1) {
      const script = `const t = performance.now(); await import(${JSON.stringify(file)}); console.log(performance.now() - t);`;
      const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], {
        env: { ...process.env, TABLE_NAME: 'bench', AWS_REGION: 'ap-northeast-2', NODE_NO_WARNINGS: '1' },
      });
      runs.push(Number(output.toString().trim().split('\n').pop()));
    }
    return median(runs);
  };
  const biggestInit = initTime(biggest.file);
  const bareInit = initTime(bareFile);
  report(`module init, biggest handler ${biggest.name} (median of 10)`, `${biggestInit.toFixed(1)} ms`);
  report('module init, bare DynamoDB-client handler (median of 10)', `${bareInit.toFixed(1)} ms`);
  report('module init ratio (biggest / bare)', (biggestInit / bareInit).toFixed(2));
  rmSync(outdir, { recursive: true, force: true });
}

async function latency(): Promise<void> {
  const product = await startProduct(['--in-memory', '--web=none']);
  // Whatever happens, the product (and its DynamoDB Local) does not outlive the bench.
  const { api, bare } = await measureLatency(product).finally(() => stopProduct(product.child));

  const line = (r: typeof api) =>
    `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, ${Math.round(r.perSecond)} req/s, ${r.errors} errors`;
  report('get-payment-plan-info-v2, 50 connections, 10 s', line(api));
  report('bare DynamoDB Local GetItem, 50 concurrent, 10 s', line(bare));
  report(
    'latency ratio p50 / p99 (API / bare GetItem)',
    `${(api.p50 / bare.p50).toFixed(2)} / ${(api.p99 / bare.p99).toFixed(2)}`,
  );
}

/** The API's latency through the local gateway, then DynamoDB Local's own for a bare GetItem. */
async function measureLatency(product: {
  url: string;
  output: () => string;
}): Promise<{ api: LoadResult; bare: LoadResult }> {
  const dynamoEndpoint = product.output().match(/DynamoDB Local\s+(\S+)/)?.[1];
  if (!dynamoEndpoint) throw new Error('DynamoDB Local endpoint not printed');
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const target = new URL(`${product.url}/payment/get-payment-plan-info-v2`);
  const body = JSON.stringify({ priceVersion: '1' });
  const apiCall = () =>
    new Promise<boolean>((resolveCall) => {
      const req = request(
        {
          agent,
          host: target.hostname,
          port: target.port,
          path: target.pathname,
          method: 'POST',
          headers: { 'content-type': 'application/json' },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolveCall(res.statusCode === 200));
        },
      );
      req.on('error', () => resolveCall(false));
      req.end(body);
    });
  const api = await runLoad(apiCall, 50, 10);

  const document = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: dynamoEndpoint,
      region: 'ap-northeast-2',
      credentials: { accessKeyId: 'local', secretAccessKey: 'local' },
      requestHandler: { httpAgent: new Agent({ keepAlive: true, maxSockets: 50 }) },
    }),
  );
  await document.send(
    new PutCommand({ TableName: 'cutloom-local', Item: { pk: 'bench', sk: 'bench', value: 1 } }),
  );
  const bare = await runLoad(
    async () =>
      Boolean(
        (
          await document.send(
            new GetCommand({ TableName: 'cutloom-local', Key: { pk: 'bench', sk: 'bench' } }),
          )
        ).Item,
      ),
    50,
    10,
  );
  agent.destroy();
  return { api, bare };
}

const only = process.argv[2];
if (!only || only === 'start') await startUpTimes();
if (!only || only === 'bundles') await bundles();
if (!only || only === 'latency') await latency();

console.log('\n| figure | value |\n|---|---|');
for (const [figure, value] of rows) console.log(`| ${figure} | ${value} |`);
