import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { type BuildOptions, build, type Metafile } from 'esbuild';
import { ReleaseResource } from '../../functions/core/data/entities/release-resource.ts';
import { LAMBDA_BUNDLE } from '../../infra/bundling.ts';
import { ROUTES } from '../../shared/api/routes.ts';
import { QUEUES } from '../../shared/jobs/queues.ts';
import { SCHEDULED_TARGETS } from '../../shared/jobs/schedules.ts';
import { SURVEY_FORM_RESOURCE, surveyFormReleaseId } from '../../shared/surveys/survey-form.ts';
import { freePort } from '../local/dynamodb-local.ts';
import { benchFlags } from './bench-options.ts';
import { type LoadResult, median, percentile, runLoad } from './load.ts';

/**
 * The foundation's figures (`npm run bench`): start-up time, handler bundle sizes and module
 * initialisation of every function (wall and CPU time), and one request's latency against a bare DynamoDB
 * Local GetItem: in one container (the route invoked in this process as Lambda invokes it), through the
 * local gateway at one connection and at 50, beside issue 18's goals. Everything runs on loopback and
 * stops by itself. `npm run bench -- start|bundles|latency` runs one part. `--smoke`: three functions
 * (a route, a queue consumer, a scheduled target), each timing once, each load for one second.
 */
const { smoke, positionals } = benchFlags(
  'one start per web mode, 3 functions (a route, a consumer, a scheduled target), each timing once, loads of 1 s',
  {},
  { positionals: true },
);
const SIZE = smoke
  ? {
      starts: 1,
      initRuns: 1,
      everyInitRuns: 1,
      optionRuns: 1,
      seconds: 1,
      pipelineRounds: 2,
      pipelineCalls: 200,
    }
  : {
      starts: 3,
      initRuns: 10,
      everyInitRuns: 3,
      optionRuns: 5,
      seconds: 10,
      pipelineRounds: 6,
      pipelineCalls: 2000,
    };
const root = resolve(import.meta.dirname, '../..');
/** Every function the stacks deploy: the routes, the queue consumers, the scheduled targets. */
const EVERY_FUNCTION = [
  ...ROUTES.map((route) => ({ name: route.name, entry: `functions/${route.handler}.ts` })),
  ...[...new Set(QUEUES.map((queue) => queue.consumer))].map((consumer) => ({
    name: `consumer ${consumer}`,
    entry: `events/${consumer}.ts`,
  })),
  ...SCHEDULED_TARGETS.map((target) => ({ name: target.id, entry: `events/${target.handler}.ts` })),
];
/** What is measured: every function, or in smoke size the first of each kind. */
const FUNCTIONS = smoke
  ? [
      EVERY_FUNCTION[0],
      EVERY_FUNCTION.find((fn) => fn.name.startsWith('consumer ')),
      EVERY_FUNCTION.at(-1),
    ].filter((fn) => fn !== undefined)
  : EVERY_FUNCTION;
/** "all N functions", or in smoke size "N sampled functions". */
const functionCount = (count: number) => (smoke ? `${count} sampled functions` : `all ${count} functions`);
const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
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
    for (let run = 0; run < SIZE.starts; run += 1) {
      const stateDir = mkdtempSync(join(tmpdir(), 'cutloom-bench-'));
      const product = await startProduct([`--web=${web}`, `--state-dir=${stateDir}`]);
      times.push(product.ms);
      await stopProduct(product.child);
      rmSync(stateDir, { recursive: true, force: true });
    }
    report(
      `npm start to first API answer (--web=${web}, fresh state, median of ${SIZE.starts})`,
      `${Math.round(median(times))} ms`,
    );
  }
}

/** How the bench builds a bundle: as infra/bundling.ts deploys it, with esbuild's metafile. */
const BENCH_BUILD = {
  ...LAMBDA_BUNDLE,
  logLevel: 'error' as const,
  metafile: true,
  nodePaths: [join(root, 'node_modules')],
};

interface BuiltFunction {
  name: string;
  bytes: number;
  file: string;
  /** What the bundle's bytes come from: npm packages by name, the product's code by folder. */
  contributors: Array<{ source: string; bytes: number }>;
}

/** A bundle's input, grouped: the npm package it belongs to, else the product folder it is in. */
function contributorOf(input: string): string {
  const packages = input.match(/node_modules\/(?:@[^/]+\/)?[^/]+/g);
  if (packages) return (packages.at(-1) ?? '').replace('node_modules/', '');
  return input.split('/').slice(0, 2).join('/');
}

function contributors(metafile: Metafile | undefined): BuiltFunction['contributors'] {
  const bytes = new Map<string, number>();
  for (const output of Object.values(metafile?.outputs ?? {})) {
    for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
      const source = contributorOf(input);
      bytes.set(source, (bytes.get(source) ?? 0) + bytesInOutput);
    }
  }
  return [...bytes].map(([source, size]) => ({ source, bytes: size })).sort((a, b) => b.bytes - a.bytes);
}

const topContributors = (fn: BuiltFunction, count = 8) =>
  fn.contributors
    .slice(0, count)
    .map((contributor) => `${contributor.source} ${(contributor.bytes / 1024).toFixed(0)}`)
    .join(', ');

const importPath = (path: string) => JSON.stringify(join(root, path));

/**
 * The floor of a route's cold start: what every product route loads by the architecture and issue 16,
 * and nothing else: the Powertools set-up (functions/core/observability.ts) through the routes' pipeline
 * (middy, zod, one small schema) and ElectroDB with one entity of the table design, read through the
 * product's client. The goal's distance from it is what the mandated libraries leave reachable.
 */
function floorSource(schemaLibrary = 'zod'): string {
  return `import * as z from '${schemaLibrary}';
import { defineRoute } from ${importPath('shared/api/define-route.ts')};
import { defineHandler } from ${importPath('functions/core/pipeline.ts')};
import { tableService } from ${importPath('functions/core/data/client.ts')};
import { ReleaseResource } from ${importPath('functions/core/data/entities/release-resource.ts')};
const releases = tableService({ releaseResource: ReleaseResource });
const floor = defineRoute({ name: 'floor', service: 'operator', method: 'POST', path: '/floor', caller: 'public',
  summary: 'floor', request: z.object({ id: z.string() }), response: z.object({ found: z.boolean() }), handler: 'floor' });
export const handler = defineHandler(floor, async ({ id }) => ({
  found: Boolean((await releases().entities.releaseResource.get({ resource: 'floor', resourceId: id }).go()).data),
}));
`;
}

async function buildSource(
  outdir: string,
  name: string,
  source: string,
  extra: BuildOptions = {},
): Promise<BuiltFunction> {
  const sourceFile = join(outdir, `${name}.ts`);
  writeFileSync(sourceFile, source);
  const file = join(outdir, `${name}.mjs`);
  const built = await build({ ...BENCH_BUILD, ...extra, entryPoints: [sourceFile], outfile: file });
  return { name, bytes: statSync(file).size, file, contributors: contributors(built.metafile) };
}

const buildFloor = (outdir: string) => buildSource(outdir, 'floor', floorSource());

async function bundles(): Promise<void> {
  const outdir = mkdtempSync(join(tmpdir(), 'cutloom-bundles-'));
  const sizes: Array<BuiltFunction & { entry: string; gzip: number }> = [];
  for (const fn of FUNCTIONS) {
    const file = join(outdir, `${fn.name.replace(/\W/g, '-')}.mjs`);
    const built = await build({ ...BENCH_BUILD, entryPoints: [join(root, fn.entry)], outfile: file });
    const content = readFileSync(file);
    sizes.push({
      ...fn,
      bytes: content.length,
      gzip: gzipSync(content).length,
      file,
      contributors: contributors(built.metafile),
    });
  }
  const bareSource = join(outdir, 'bare.ts');
  writeFileSync(
    bareSource,
    "import { DynamoDBClient } from '@aws-sdk/client-dynamodb';\nconst client = new DynamoDBClient({});\nexport const handler = async () => ({ statusCode: 200, body: String(Boolean(client)) });\n",
  );
  const bareFile = join(outdir, 'bare.mjs');
  await build({
    ...BENCH_BUILD,
    entryPoints: [bareSource],
    outfile: bareFile,
  });
  for (const size of sizes) {
    report(
      `bundle ${size.name} (minified / gzip)`,
      `${(size.bytes / 1024).toFixed(1)} KiB / ${(size.gzip / 1024).toFixed(1)} KiB`,
    );
  }
  const bareBytes = statSync(bareFile).size;
  report('bundle bare DynamoDB-client handler (minified)', kib(bareBytes));
  const bytes = sizes.map((size) => size.bytes).sort((a, b) => a - b);
  report(
    `bundles of ${functionCount(sizes.length)}, minified: min / median / max`,
    `${kib(bytes[0] ?? 0)} / ${kib(median(bytes))} / ${kib(bytes.at(-1) ?? 0)} (goal: median at most 450 KiB)`,
  );

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
    ...BENCH_BUILD,
    entryPoints: [observedSource],
    outfile: observedFile,
  });
  // The biggest handler with its source map beside it, as infra/bundling.ts deploys it.
  const mappedFile = join(outdir, 'mapped.mjs');
  await build({
    ...BENCH_BUILD,
    entryPoints: [join(root, biggest.entry)],
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
    `module init, biggest handler ${biggest.name} (median of ${SIZE.initRuns})`,
    `${initTimes.biggest?.init.toFixed(1)} ms`,
  );
  report(
    `module init, bare DynamoDB-client handler (median of ${SIZE.initRuns})`,
    `${initTimes.bare?.init.toFixed(1)} ms`,
  );
  report(
    `module init, bare handler with the Powertools set-up (Logger, Metrics, Tracer, middlewares; median of ${SIZE.initRuns})`,
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
      `${biggest.name} ${label} --enable-source-maps: module init / first unexpected failure answered / later ones (median of ${SIZE.initRuns})`,
      `${figures.init.toFixed(1)} ms / ${figures.firstFailure.toFixed(1)} ms / ${figures.failure.toFixed(2)} ms`,
    );
  }
  const floor = await buildFloor(outdir);
  report(
    'bundle floor handler (Powertools set-up, middy + zod with one small schema, ElectroDB with one entity; minified)',
    `${kib(floor.bytes)} (${(floor.bytes / bareBytes).toFixed(2)}x bare; goal: median at most 450 KiB = ${(
      (450 * 1024) / bareBytes
    ).toFixed(2)}x bare)`,
  );
  everyInitialisation(sizes, bareFile, floor);
  await fixedCostOptions(outdir, bareFile, floor, sizes);
  rmSync(outdir, { recursive: true, force: true });
}

/**
 * Issue 18's cold-start goal: every function's module initialisation against the bare handler's and the
 * floor's in the same turns, each bundle imported in a fresh process 3 times (the median; once in smoke size), module
 * initialisation only; where the bytes of the worst five and of the median function come from.
 */
function everyInitialisation(functions: BuiltFunction[], bareFile: string, floor: BuiltFunction) {
  const started = performance.now();
  const times = initialisation(
    [
      { label: 'bare', file: bareFile },
      { label: 'floor', file: floor.file },
      ...functions.map((fn) => ({ label: fn.name, file: fn.file })),
    ],
    { runs: SIZE.everyInitRuns, failures: false },
  );
  const bare = times.bare?.init ?? Number.NaN;
  const bareCpu = times.bare?.initCpu ?? Number.NaN;
  const floorInit = times.floor?.init ?? Number.NaN;
  const floorCpu = times.floor?.initCpu ?? Number.NaN;
  const ratios = functions
    .map((fn) => ({
      ...fn,
      init: times[fn.name]?.init ?? Number.NaN,
      initCpu: times[fn.name]?.initCpu ?? Number.NaN,
    }))
    .map((fn) => ({ ...fn, ratio: fn.init / bare, cpuRatio: fn.initCpu / bareCpu }))
    .sort((a, b) => a.ratio - b.ratio);
  const sorted = ratios.map((fn) => fn.ratio);
  const asRatio = (ratio: number) => `${ratio.toFixed(2)}x`;
  const distribution = (values: number[]) =>
    [values[0] ?? 0, median(values), percentile(values, 90), values.at(-1) ?? 0].map(asRatio).join(' / ');
  report(
    `module init, bare DynamoDB-client handler in the same turns (median of ${SIZE.everyInitRuns})`,
    `${bare.toFixed(1)} ms`,
  );
  report(
    'module init, floor handler (Powertools set-up, middy + zod, ElectroDB with one entity) in the same turns',
    `${floorInit.toFixed(1)} ms = ${asRatio(floorInit / bare)} bare (CPU ${asRatio((times.floor?.initCpu ?? 0) / bareCpu)};` +
      ` goal: every function at most 1.50x bare; ${kib(floor.bytes)})`,
  );
  report(
    `module init of ${functionCount(ratios.length)} / bare (median of ${SIZE.everyInitRuns} each): min / median / p90 / max`,
    `${distribution(sorted)} (goal: every one at most 1.50x; ${sorted.filter((ratio) => ratio <= 1.5).length} of ${sorted.length} are)`,
  );
  // CPU time is what the load of a shared machine disturbs least (wall time waits for other processes).
  const cpuSorted = ratios.map((fn) => fn.cpuRatio).sort((a, b) => a - b);
  report(
    `module init CPU time of ${functionCount(ratios.length)} / bare's ${bareCpu.toFixed(1)} ms: min / median / p90 / max`,
    `${distribution(cpuSorted)} (${cpuSorted.filter((ratio) => ratio <= 1.5).length} of ${cpuSorted.length} at most 1.50x)`,
  );
  report(
    `module init of ${functionCount(ratios.length)} / the floor's: min / median / p90 / max`,
    `${distribution(ratios.map((fn) => fn.init / floorInit).sort((a, b) => a - b))}` +
      ` (${ratios.filter((fn) => fn.init <= 1.5 * floorInit).length} within 1.50x the floor; CPU time:` +
      ` ${distribution(ratios.map((fn) => fn.initCpu / floorCpu).sort((a, b) => a - b))})`,
  );
  report(
    'module init, worst five',
    ratios
      .slice(-5)
      .reverse()
      .map(
        (fn) =>
          `${fn.name} ${fn.init.toFixed(1)} ms (${asRatio(fn.ratio)}; CPU ${asRatio(fn.cpuRatio)}; ${kib(fn.bytes)})`,
      )
      .join('; '),
  );
  const medianFunction = ratios[Math.floor(ratios.length / 2)];
  for (const fn of [...ratios.slice(-5).reverse(), ...(medianFunction ? [medianFunction] : [])]) {
    report(
      `bundle ${fn.name}${fn === medianFunction ? ' (the median function)' : ''}: top contributors, KiB`,
      `${topContributors(fn)} (of ${kib(fn.bytes)})`,
    );
  }
  report('bundle floor handler: top contributors, KiB', `${topContributors(floor)} (of ${kib(floor.bytes)})`);
  report(
    'module init of every function measured in',
    `${((performance.now() - started) / 1000).toFixed(0)} s`,
  );
}

/** Lambda's environment with active tracing, in which Powertools' Tracer turns on (elsewhere it does nothing). */
const TRACING_LAMBDA = {
  AWS_EXECUTION_ENV: 'AWS_Lambda_nodejs22.x',
  AWS_LAMBDA_INITIALIZATION_TYPE: 'on-demand',
  AWS_LAMBDA_FUNCTION_NAME: 'bench',
  LAMBDA_TASK_ROOT: '/var/task',
  AWS_XRAY_DAEMON_ADDRESS: '127.0.0.1:2000',
  _X_AMZN_TRACE_ID: 'Root=1-5759e988-bd862e3fe1be46a994272793;Parent=53995c3f42cd8ad8;Sampled=1',
};

/** Powertools' Tracer without the X-Ray SDK: what the floor would load if tracing cost nothing. */
const UNTRACED = `export class Tracer { captureAWSv3Client(client) { return client; } addErrorAsMetadata() {} }
export const captureLambdaHandler = () => ({ before() {} });
`;

/** One schema of each zod flavour, built and used once, over the bare handler. */
const schemaSource = (library: string) =>
  `import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import * as z from '${library}';
const client = new DynamoDBClient({});
const input = z.object({ id: z.string(), amount: z.number() });
export const handler = async (event) => ({ statusCode: 200, body: String(Boolean(client) && z.safeParse(input, event).success) });
`;

/**
 * Issue 18's options for the cost every route pays, each measured in the same turns as the floor: the
 * Tracer and its X-Ray SDK, zod classic against zod/mini, and esbuild's resolution and naming options on
 * the function of median size.
 */
async function fixedCostOptions(
  outdir: string,
  bareFile: string,
  floor: BuiltFunction,
  functions: BuiltFunction[],
): Promise<void> {
  const untracedShim = join(outdir, 'untraced-tracer.mjs');
  writeFileSync(untracedShim, UNTRACED);
  const untraced = await buildSource(outdir, 'floor-untraced', floorSource(), {
    alias: {
      '@aws-lambda-powertools/tracer/middleware': untracedShim,
      '@aws-lambda-powertools/tracer': untracedShim,
    },
  });
  const classic = await buildSource(outdir, 'zod-classic', schemaSource('zod'));
  const mini = await buildSource(outdir, 'zod-mini', schemaSource('zod/mini'));
  const middle = [...functions].sort((a, b) => a.bytes - b.bytes)[Math.floor(functions.length / 2)];
  if (!middle) return;
  const entry = FUNCTIONS.find((fn) => fn.name === middle.name)?.entry ?? '';
  const variants: Array<{ label: string; options: BuildOptions }> = [
    { label: 'CommonJS builds first (mainFields main, module)', options: { mainFields: ['main', 'module'] } },
    { label: "the 'module' export condition", options: { conditions: ['module'] } },
    { label: 'keepNames on', options: { keepNames: true } },
    // The X-Ray SDK requires all of semver for one version check in its AWS SDK v2 patcher, unused here.
    {
      label: "semver aliased to its 'gte' alone",
      options: {
        alias: {
          semver: createRequire(join(root, 'node_modules/aws-xray-sdk-core/package.json')).resolve(
            'semver/functions/gte.js',
          ),
        },
      },
    },
  ];
  const built = await Promise.all(
    variants.map(async (variant, index) => {
      const file = join(outdir, `variant-${index}.mjs`);
      await build({ ...BENCH_BUILD, ...variant.options, entryPoints: [join(root, entry)], outfile: file });
      return { ...variant, file, bytes: statSync(file).size };
    }),
  );
  const times = initialisation(
    [
      { label: 'bare', file: bareFile },
      { label: 'floor', file: floor.file },
      { label: 'floor-untraced', file: untraced.file },
      { label: 'floor-lambda', file: floor.file, env: TRACING_LAMBDA },
      {
        label: 'floor-lambda-no-https',
        file: floor.file,
        env: { ...TRACING_LAMBDA, POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS: 'false' },
      },
      { label: 'zod-classic', file: classic.file },
      { label: 'zod-mini', file: mini.file },
      { label: 'middle', file: middle.file },
      ...built.map((variant, index) => ({ label: `variant-${index}`, file: variant.file })),
    ],
    { runs: SIZE.optionRuns, failures: false },
  );
  const cpu = (label: string) => times[label]?.initCpu ?? Number.NaN;
  const vs = (label: string, base: string) =>
    `${cpu(label).toFixed(1)} ms CPU (${cpu(label) - cpu(base) < 0 ? '' : '+'}${(cpu(label) - cpu(base)).toFixed(1)} ms against ${cpu(base).toFixed(1)})`;
  report(
    `option: the floor without the Tracer and its X-Ray SDK (module init, median of ${SIZE.optionRuns})`,
    `${vs('floor-untraced', 'floor')}; ${kib(untraced.bytes)} against ${kib(floor.bytes)}`,
  );
  report(
    'option: the floor with tracing on, as in Lambda with active tracing (HTTP(S) clients patched, the default)',
    vs('floor-lambda', 'floor'),
  );
  report(
    'option: the floor with tracing on, POWERTOOLS_TRACER_CAPTURE_HTTPS_REQUESTS=false',
    vs('floor-lambda-no-https', 'floor-lambda'),
  );
  report(
    `option: one zod classic schema over the bare handler / one zod/mini schema (module init, median of ${SIZE.optionRuns})`,
    `${vs('zod-classic', 'bare')}, ${kib(classic.bytes)} / ${vs('zod-mini', 'bare')}, ${kib(mini.bytes)}`,
  );
  for (const [index, variant] of built.entries()) {
    report(
      `option: esbuild ${variant.label}, on ${middle.name} (${kib(middle.bytes)} as deployed)`,
      `${kib(variant.bytes)}; ${vs(`variant-${index}`, 'middle')}`,
    );
  }
}

/**
 * Each bundle imported in a fresh Node process (10 times unless told; once in smoke size), the bundles taking turns so that
 * the load of this shared machine weighs on each alike: the module's initialisation, then (for a route,
 * unless told not to) the first and the later answers to an unexpected failure, whose stack is logged
 * (an event whose headers throw).
 */
function initialisation(
  bundles: Array<{ label: string; file: string; flags?: string[]; env?: Record<string, string> }>,
  { runs: count = SIZE.initRuns, failures = true } = {},
): Record<string, { init: number; initCpu: number; firstFailure: number; failure: number }> {
  const runs: Record<
    string,
    Array<{ init: number; initCpu: number; firstFailure: number; failure: number }>
  > = {};
  for (let run = 0; run < count; run += 1) {
    for (const bundle of bundles) {
      const script = `const c = process.cpuUsage(); const t = performance.now(); const { handler } = await import(${JSON.stringify(bundle.file)}); const init = performance.now() - t; const used = process.cpuUsage(c); const initCpu = (used.user + used.system) / 1000;
${failures ? '' : 'console.log(JSON.stringify({ init, initCpu })); process.exit(0);'}
const event = { requestContext: {}, get headers() { throw new Error('bench failure'); } };
const context = { awsRequestId: 'bench', functionName: 'bench', getRemainingTimeInMillis: () => 20000 };
const failures = [];
for (let i = 0; i < 20; i += 1) { const s = performance.now(); try { await handler(event, context); } catch {} failures.push(performance.now() - s); }
console.log(JSON.stringify({ init, initCpu, firstFailure: failures[0], failure: failures.slice(1).reduce((a, b) => a + b) / 19 }));`;
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
            ...bundle.env,
          },
          maxBuffer: 64 * 1024 * 1024,
          timeout: 60_000,
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
        initCpu: median(values.map((value) => value.initCpu)),
        firstFailure: median(values.map((value) => value.firstFailure)),
        failure: median(values.map((value) => value.failure)),
      },
    ]),
  );
}

/** A difference in milliseconds with its sign (the load can make the route's p99 the lower one). */
const signed = (ms: number) => `${ms < 0 ? '' : '+'}${ms.toFixed(2)}`;

async function latency(): Promise<void> {
  const product = await startProduct(['--in-memory', '--web=none']);
  // Whatever happens, the product (and its DynamoDB Local) does not outlive the bench.
  const { api, bare, one, bareOne, container } = await measureLatency(product).finally(() =>
    stopProduct(product.child),
  );

  const line = (r: typeof api) =>
    `p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, max ${r.max.toFixed(1)} ms, ${Math.round(r.perSecond)} req/s, ${r.errors} errors`;
  const fine = (r: LoadResult) =>
    `p50 ${r.p50.toFixed(2)} ms, p99 ${r.p99.toFixed(2)} ms (${r.requests} calls)`;
  report(
    'one container, bare GetItem (document client, same process, calls taking turns)',
    fine(container.bare),
  );
  report('one container, the route’s read alone (ElectroDB, release repository)', fine(container.read));
  report(
    'one container, load-cutloom-survey invoked as Lambda does (whole pipeline and read)',
    fine(container.route),
  );
  report(
    'one request’s overhead in one container: p50 / p99 over the bare GetItem (read / pipeline share of the p50)',
    `${signed(container.route.p50 - container.bare.p50)} ms / ${signed(container.route.p99 - container.bare.p99)} ms` +
      ` (read ${signed(container.read.p50 - container.bare.p50)} ms, pipeline ${signed(container.route.p50 - container.read.p50)} ms;` +
      ' goal: at most +1 ms / +3 ms)',
  );
  report(
    'the pipeline alone (middy, Powertools logger, tracer and metrics flush, origin check, zod in and out): CPU per request',
    `${container.pipelineCpuMicros.toFixed(0)} µs (median of ${SIZE.pipelineRounds - 1} × ${SIZE.pipelineCalls.toLocaleString('en')} calls)`,
  );
  report(
    `load-cutloom-survey through the local gateway (one HTTP hop more), 1 connection, ${SIZE.seconds} s`,
    line(one),
  );
  report(`bare DynamoDB Local GetItem over HTTP, 1 connection, ${SIZE.seconds} s`, line(bareOne));
  report(
    'through the local gateway, 1 connection: p50 / p99 over the bare GetItem',
    `${signed(one.p50 - bareOne.p50)} ms / ${signed(one.p99 - bareOne.p99)} ms (the gateway’s hop included)`,
  );
  report(`local gateway: get-payment-plan-info-v2, 50 connections, ${SIZE.seconds} s`, line(api));
  report(`bare DynamoDB Local GetItem, 50 concurrent, ${SIZE.seconds} s`, line(bare));
  report(
    'local gateway latency ratio p50 / p99 (API / bare GetItem, 50 connections)',
    `${(api.p50 / bare.p50).toFixed(2)} / ${(api.p99 / bare.p99).toFixed(2)}`,
  );
}

/** Calls the operations in turns, one at a time, for `seconds`: each one's latencies. */
async function inTurns(operations: Array<() => Promise<unknown>>, seconds: number): Promise<LoadResult[]> {
  const latencies = operations.map((): number[] => []);
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    for (const [index, operation] of operations.entries()) {
      const started = performance.now();
      await operation();
      latencies[index]?.push(performance.now() - started);
    }
  }
  return latencies.map((values) => {
    values.sort((a, b) => a - b);
    return {
      requests: values.length,
      errors: 0,
      p50: percentile(values, 50),
      p99: percentile(values, 99),
      max: values.at(-1) ?? Number.NaN,
      perSecond: values.length / seconds,
    };
  });
}

/**
 * Issue 18's one-request goal as one Lambda container sees it: the route's handler imported into this
 * process and invoked as the runtime invokes it (an HTTP API event, a Lambda context, its own
 * InvokeStore context), against a bare GetItem of the same size on the same DynamoDB Local, the calls
 * taking turns so that the machine's load weighs on each alike. The route's ElectroDB read alone splits
 * the difference into the data layer's share and the pipeline's; the pipeline's CPU per request is
 * measured apart, with a handler that reads nothing.
 */
async function inOneContainer(
  dynamoEndpoint: string,
  bareGet: () => Promise<boolean>,
): Promise<{ bare: LoadResult; read: LoadResult; route: LoadResult; pipelineCpuMicros: number }> {
  process.env.TABLE_NAME = 'cutloom-local';
  process.env.AWS_ENDPOINT_URL_DYNAMODB = dynamoEndpoint;
  // DynamoDB Local takes any key (the data is shared: -sharedDb); the SDK needs one.
  process.env.AWS_ACCESS_KEY_ID ??= 'local';
  process.env.AWS_SECRET_ACCESS_KEY ??= 'local';
  process.env.LOG_LEVEL = 'warn';
  const { lambdaContext, loadHandler, runInvocation } = await import('../local/lambda-context.ts');
  const { getReleased } = await import('../../functions/core/data/release-repository.ts');
  const { defineHandler } = await import('../../functions/core/pipeline.ts');
  const { loadSurvey } = await import('../../shared/api/surveys.ts');
  const path = '/operator/load-cutloom-survey';
  const event = {
    version: '2.0',
    routeKey: `POST ${path}`,
    rawPath: path,
    rawQueryString: '',
    headers: { 'content-type': 'application/json' },
    requestContext: { requestId: 'bench', http: { method: 'POST', path, sourceIp: '127.0.0.1' } },
    body: JSON.stringify({ type: 'onboarding', lang: 'en' }),
    isBase64Encoded: false,
  };
  const handler = await loadHandler('functions/surveys/load-cutloom-survey');
  const route = async () => {
    const result = (await handler(event, lambdaContext(loadSurvey.name))) as { statusCode: number };
    if (result.statusCode !== 200) throw new Error(`load-cutloom-survey answered ${result.statusCode}`);
  };
  const read = () => getReleased(SURVEY_FORM_RESOURCE, surveyFormReleaseId('onboarding', 'en'));
  await inTurns([bareGet, read, route], 1); // the first calls' compilation done
  const [bare, readResult, routeResult] = await inTurns([bareGet, read, route], SIZE.seconds);

  const pipelineOnly = defineHandler(loadSurvey, async () => ({ survey: null }));
  const context = lambdaContext(loadSurvey.name);
  const cpu: number[] = [];
  for (let round = 0; round < SIZE.pipelineRounds; round += 1) {
    const started = process.cpuUsage();
    for (let call = 0; call < SIZE.pipelineCalls; call += 1) {
      await runInvocation(context, () => pipelineOnly(event as never, context));
    }
    const used = process.cpuUsage(started);
    if (round > 0) cpu.push((used.user + used.system) / SIZE.pipelineCalls); // the first round warms up
  }
  return {
    bare: bare as LoadResult,
    read: readResult as LoadResult,
    route: routeResult as LoadResult,
    pipelineCpuMicros: median(cpu),
  };
}

/**
 * The API's latency through the local gateway, then DynamoDB Local's own for a bare GetItem: at 50
 * connections (the gateway's queue), then at one (what one container adds to one request: a released
 * survey form read by its key, one GetItem).
 */
async function measureLatency(product: { url: string; output: () => string }): Promise<{
  api: LoadResult;
  bare: LoadResult;
  one: LoadResult;
  bareOne: LoadResult;
  container: Awaited<ReturnType<typeof inOneContainer>>;
}> {
  const dynamoEndpoint = product.output().match(/DynamoDB Local\s+(\S+)/)?.[1];
  if (!dynamoEndpoint) throw new Error('DynamoDB Local endpoint not printed');
  const agent = new Agent({ keepAlive: true, maxSockets: 50 });
  const post = (path: string, body: string) => () =>
    new Promise<boolean>((resolveCall) => {
      const target = new URL(`${product.url}${path}`);
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
  const api = await runLoad(
    post('/payment/get-payment-plan-info-v2', JSON.stringify({ priceVersion: '1' })),
    50,
    SIZE.seconds,
  );

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
  const bareGet = async () =>
    Boolean(
      (await document.send(new GetCommand({ TableName: 'cutloom-local', Key: { pk: 'bench', sk: 'bench' } })))
        .Item,
    );
  const bare = await runLoad(bareGet, 50, SIZE.seconds);

  const form = { surveys: [{ id: 'q1', type: 'text', question: 'Bench?', placeholder: '' }] };
  await document.send(
    new PutCommand(
      ReleaseResource()
        .put({
          resource: SURVEY_FORM_RESOURCE,
          resourceId: surveyFormReleaseId('onboarding', 'en'),
          data: JSON.stringify({ surveyType: 'onboarding', language: 'en', surveyForm: form }),
          releasedAt: Date.now(),
          releasedBy: 'bench',
        })
        .params({ table: 'cutloom-local' }),
    ),
  );
  const surveyBody = JSON.stringify({ type: 'onboarding', lang: 'en' });
  const released = await fetch(`${product.url}/operator/load-cutloom-survey`, {
    method: 'POST',
    body: surveyBody,
  });
  if (!(await released.json()).survey) throw new Error('the released survey form does not read');
  const survey = post('/operator/load-cutloom-survey', surveyBody);
  await runLoad(survey, 1, 1); // the connection open, the first calls' compilation done
  const one = await runLoad(survey, 1, SIZE.seconds);
  const bareOne = await runLoad(bareGet, 1, SIZE.seconds);
  agent.destroy();
  const container = await inOneContainer(dynamoEndpoint, bareGet);
  return { api, bare, one, bareOne, container };
}

const only = positionals[0];
if (positionals.length > 1 || (only && !['start', 'bundles', 'latency'].includes(only)))
  throw new Error(`npm run bench -- [start|bundles|latency] (got ${positionals.join(' ')})`);
if (!only || only === 'start') await startUpTimes();
if (!only || only === 'bundles') await bundles();
if (!only || only === 'latency') await latency();

console.log('\n| figure | value |\n|---|---|');
for (const [figure, value] of rows) console.log(`| ${figure} | ${value} |`);
