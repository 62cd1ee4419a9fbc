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
  // The bare handler with the product's Powertools set-up (functions/core/observability.ts): what
  // Powertools adds to every function's initialisation.
  const observedSource = join(outdir, 'observed.ts');
  writeFileSync(
    observedSource,
    `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nimport { observedJob, traced } from ${JSON.stringify(join(root, 'functions/core/observability.ts'))};\nconst client = traced(new DynamoDBClient({}));\nexport const handler = observedJob('bench', async () => ({ statusCode: 200, body: String(Boolean(client)) }));\n`,
  );
  const observedFile = join(outdir, 'observed.mjs');
  await build({
    ...options,
    entryPoints: [observedSource],
    outfile: observedFile,
    nodePaths: [join(root, 'node_modules')],
  });
  // The biggest handler with its source map beside it, as infra/bundling.ts deploys it.
  const mappedFile = join(outdir, 'mapped.mjs');
  await build({
    ...options,
    entryPoints: [
      join(root, 'functions', `${ROUTES.find((route) => route.name === biggest.name)?.handler}.ts`),
    ],
    outfile: mappedFile,
    sourcemap: true,
    sourcesContent: false,
  });
  report(
    `bundle ${biggest.name} source map (beside it, not loaded without --enable-source-maps)`,
    `${(statSync(`${mappedFile}.map`).size / 1024).toFixed(1)} KiB`,
  );

  const initTimes = initialisation([
    { label: 'bare', file: bareFile },
    { label: 'observed', file: observedFile },
    { label: 'biggest', file: biggest.file },
  ]);
  report(
    `module init, biggest handler ${biggest.name} (median of 10)`,
    `${initTimes.biggest?.init.toFixed(1)} ms`,
  );
  report('module init, bare DynamoDB-client handler (median of 10)', `${initTimes.bare?.init.toFixed(1)} ms`);
  report(
    'module init, bare handler with the Powertools set-up (Logger, Metrics, Tracer, middlewares; median of 10)',
    `${initTimes.observed?.init.toFixed(1)} ms (+${((initTimes.observed?.init ?? 0) - (initTimes.bare?.init ?? 0)).toFixed(1)} ms)`,
  );
  report(
    'module init ratio (biggest / bare)',
    ((initTimes.biggest?.init ?? 0) / (initTimes.bare?.init ?? 1)).toFixed(2),
  );

  const maps = initialisation([
    { label: 'without', file: mappedFile },
    { label: 'with', file: mappedFile, flags: ['--enable-source-maps'] },
  ]);
  for (const [label, figures] of Object.entries(maps)) {
    report(
      `${biggest.name} ${label} --enable-source-maps: module init / first unexpected failure answered / later ones (median of 10)`,
      `${figures.init.toFixed(1)} ms / ${figures.firstFailure.toFixed(1)} ms / ${figures.failure.toFixed(2)} ms`,
    );
  }
  rmSync(outdir, { recursive: true, force: true });
}

/**
 * Each bundle imported in a fresh Node process 10 times, the bundles taking turns so that the load of
 * this shared machine weighs on each alike: the module's initialisation, then (for a route) the first
 * and the later answers to an unexpected failure, whose stack is logged (an event whose headers throw).
 */
function initialisation(
  bundles: Array<{ label: string; file: string; flags?: string[] }>,
): Record<string, { init: number; firstFailure: number; failure: number }> {
  const runs: Record<string, Array<{ init: number; firstFailure: number; failure: number }>> = {};
  for (let run = 0; run < 10; run += 1) {
    for (const bundle of bundles) {
      const script = `const t = performance.now(); const { handler } = await import(${JSON.stringify(bundle.file)}); const init = performance.now() - t;
const event = { requestContext: {}, get headers() { throw new Error('bench failure'); } };
const context = { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 20000 };
const failures = [];
for (let i = 0; i < 20; i += 1) { const s = performance.now(); try { await handler(event, context); } catch {} failures.push(performance.now() - s); }
console.log(JSON.stringify({ init, firstFailure: failures[0], failure: failures.slice(1).reduce((a, b) => a + b) / 19 }));`;
      const output = execFileSync(
        process.execPath,
        [...(bundle.flags ?? []), '--input-type=module', '-e', script],
        {
          env: {
            ...process.env,
            TABLE_NAME: 'bench',
            AWS_REGION: 'ap-northeast-2',
            NODE_NO_WARNINGS: '1',
            LOG_LEVEL: 'error',
          },
          maxBuffer: 64 * 1024 * 1024,
        },
      );
      const last = output.toString().trim().split('\n').pop() ?? '{}';
      runs[bundle.label] = [...(runs[bundle.label] ?? []), JSON.parse(last)];
    }
  }
  return Object.fromEntries(
    Object.entries(runs).map(([label, values]) => [
      label,
      {
        init: median(values.map((value) => value.init)),
        firstFailure: median(values.map((value) => value.firstFailure)),
        failure: median(values.map((value) => value.failure)),
      },
    ]),
  );
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
