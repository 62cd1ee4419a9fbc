/**
 * The runtime inside a function process of `npm start -- --lambda`: what Lambda's Node.js runtime does
 * in its execution environment, over the Lambda Runtime API
 * (https://docs.aws.amazon.com/lambda/latest/dg/runtimes-api.html). It loads the handler the way the
 * runtime interface client does (aws-lambda-nodejs-runtime-interface-client: `_HANDLER` = `file.export`
 * under LAMBDA_TASK_ROOT, tried as given and with .js, .mjs, .cjs), reports a failure to load on
 * `/init/error` with the runtime's error types, then loops: `GET /invocation/next`, the handler with
 * the event and a context built from the headers, `POST /response` or `/error`. One invocation at a time.
 *
 * Three things are this machine's own, handed over outside the environment so that the environment stays
 * exactly what the template gives: the test clock (argv `--clock=FILE`: reading TEST_CLOCK_OFFSET_MS
 * reads the runtime's current offset, so a move reaches every process at once), the watch on the
 * product's variables (argv `--watch=A,B`: reading one of them that the function was not given is
 * reported on the runtime host's `/local/unset-variable`, and the run fails on it), and the trace of each
 * invocation's outgoing calls with its crash point (argv `--trace=FILE`, the point in a header of the
 * `/next` answer: crash-protocol.ts).
 *
 * This file is bundled on its own by the local runtime (esbuild) and imports nothing of the product.
 */
import { existsSync, openSync, readFileSync, writeSync } from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import { syncBuiltinESMExports } from 'node:module';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';
import { CRASH_POINT_HEADER, type CrashPoint, type KilledBefore, type TraceLine } from './crash-protocol.ts';

const api = process.env.AWS_LAMBDA_RUNTIME_API ?? '';
const [apiHost = '127.0.0.1', apiPort = '9001'] = api.split(':');
const argument = (name: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
const clockFile = argument('clock');
const watched = new Set((argument('watch') ?? '').split(',').filter(Boolean));
const traceFile = argument('trace');

// The runtime's own calls go out through the functions as they were before the handler's are wrapped
// (below), so that they are never counted, traced or stopped.
const request = http.request;
const runtimeFetch = globalThis.fetch;

function call(
  method: string,
  path: string,
  body?: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: apiHost,
        port: Number(apiPort),
        method,
        path: `/2018-06-01${path}`,
        headers: { ...headers, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
        // The runtime's own connection: never frozen, pooled or proxied with the handler's traffic.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

const original = process.env;
const reported = new Set<string>();
process.env = new Proxy(original, {
  get(target, name) {
    if (name === 'TEST_CLOCK_OFFSET_MS' && clockFile) {
      try {
        return readFileSync(clockFile, 'utf8').trim() || undefined;
      } catch {
        return undefined;
      }
    }
    const value = typeof name === 'string' ? target[name] : undefined;
    if (value === undefined && typeof name === 'string' && watched.has(name) && !reported.has(name)) {
      reported.add(name);
      const stack = new Error().stack?.split('\n').slice(2, 6).join('\n') ?? '';
      void call(
        'POST',
        '/local/unset-variable',
        JSON.stringify({ name, requestId: current?.requestId, stack }),
      ).catch(() => undefined);
    }
    return value;
  },
  // process.env takes only plain data properties: writes and deletes go to it directly.
  set(target, name, value) {
    if (typeof name === 'string') target[name] = String(value);
    return true;
  },
  deleteProperty(target, name) {
    if (typeof name === 'string') delete target[name];
    return true;
  },
});

/** The invocation being handled: its outgoing calls so far and its crash point. */
interface Invocation {
  requestId: string;
  point: CrashPoint | undefined;
  calls: number;
  /** An `answered` point was passed: the process dies before anything else leaves it. */
  dieBeforeNext: boolean;
}
let current: Invocation | undefined;

const traceDescriptor = traceFile ? openSync(traceFile, 'a') : undefined;
/** Written at once (a synchronous write), so that a kill right after it loses nothing. */
function trace(line: TraceLine): void {
  if (traceDescriptor !== undefined) writeSync(traceDescriptor, `${JSON.stringify(line)}\n`);
}

/** Ends the process as a Lambda timeout, an out-of-memory or a host failure would: SIGKILL, nothing after. */
function kill(invocation: Invocation, where: KilledBefore): never {
  trace({ kind: 'killed', requestId: invocation.requestId, ...where });
  process.kill(process.pid, 'SIGKILL');
  // A signal a process sends itself is delivered before kill() returns; should it not be, nothing runs on.
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  throw new Error('unreachable');
}

/** An outgoing call starts: its number, unless an `answered` point passed before it ends the process here. */
function callStarts(invocation: Invocation): number {
  if (invocation.dieBeforeNext) kill(invocation, { before: 'call', call: invocation.calls + 1 });
  invocation.calls += 1;
  return invocation.calls;
}

const diesWhenSent = (invocation: Invocation, call: number) =>
  current === invocation &&
  invocation.point !== undefined &&
  'call' in invocation.point &&
  invocation.point.call === call &&
  invocation.point.when === 'sent';

/** The code sees call `call`'s answer (or its failure). */
function answerSeen(invocation: Invocation, call: number): void {
  const point = invocation.point;
  if (point && 'call' in point && point.call === call && point.when === 'answered')
    invocation.dieBeforeNext = true;
}

/**
 * node:http's and node:https's `request` (the AWS SDK's way out, and any library's), each call of an
 * invocation counted and traced; with a `sent` point on it, the answer is read to its end and the process
 * dies before the code's listeners see it (or see its failure).
 */
function tracedRequest(original: typeof http.request): typeof http.request {
  return function tracedRequest(this: unknown, ...args: unknown[]) {
    const invocation = current;
    if (!invocation) return (original as (...given: unknown[]) => http.ClientRequest).apply(this, args);
    const call = callStarts(invocation);
    const req = (original as (...given: unknown[]) => http.ClientRequest).apply(this, args);
    const target = req.getHeader('x-amz-target');
    trace({
      kind: 'call',
      requestId: invocation.requestId,
      call,
      method: req.method,
      url: `${req.protocol}//${String(req.getHeader('host') ?? req.host)}${req.path}`,
      ...(target ? { target: String(target) } : {}),
    });
    const emit = req.emit;
    req.emit = function emitSeen(this: http.ClientRequest, event: string | symbol, ...rest: unknown[]) {
      if (event === 'response') {
        const res = rest[0] as http.IncomingMessage;
        trace({ kind: 'answer', requestId: invocation.requestId, call, status: res.statusCode ?? 0 });
        if (diesWhenSent(invocation, call)) {
          const die = () => kill(invocation, { before: 'answer-seen', call });
          res.on('end', die).on('error', die).on('close', die).resume();
          return true;
        }
        answerSeen(invocation, call);
      } else if (event === 'error') {
        trace({ kind: 'failed', requestId: invocation.requestId, call, message: String(rest[0]) });
        if (diesWhenSent(invocation, call)) kill(invocation, { before: 'answer-seen', call });
        answerSeen(invocation, call);
      }
      return emit.call(this, event, ...rest);
    } as typeof req.emit;
    return req;
  } as typeof http.request;
}

/** `fetch` (the adapters' way to the providers), counted and traced as node:http's calls are. */
async function tracedFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const invocation = current;
  if (!invocation) return runtimeFetch(input, init);
  const call = callStarts(invocation);
  const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
  const url = input instanceof Request ? input.url : String(input);
  trace({ kind: 'call', requestId: invocation.requestId, call, method: method.toUpperCase(), url });
  let response: Response;
  try {
    response = await runtimeFetch(input, init);
  } catch (error) {
    trace({ kind: 'failed', requestId: invocation.requestId, call, message: String(error) });
    if (diesWhenSent(invocation, call)) kill(invocation, { before: 'answer-seen', call });
    answerSeen(invocation, call);
    throw error;
  }
  trace({ kind: 'answer', requestId: invocation.requestId, call, status: response.status });
  if (diesWhenSent(invocation, call)) {
    // The peer's whole answer, as a call `sent` means the peer answered; the code never gets it.
    await response
      .clone()
      .arrayBuffer()
      .catch(() => undefined);
    kill(invocation, { before: 'answer-seen', call });
  }
  answerSeen(invocation, call);
  return response;
}

// Before the handler's bundle is loaded: its imports of node:http and node:https (ESM named imports among
// them, hence syncBuiltinESMExports) and its fetch are the traced ones.
for (const builtin of [http, https]) {
  const traced = tracedRequest(builtin.request);
  builtin.request = traced;
  builtin.get = ((...args: Parameters<typeof http.get>) => {
    const req = (traced as (...given: unknown[]) => http.ClientRequest)(...args);
    req.end();
    return req;
  }) as typeof http.get;
}
syncBuiltinESMExports();
globalThis.fetch = tracedFetch as typeof fetch;

class RuntimeError extends Error {
  constructor(name: string, message: string) {
    super(message);
    this.name = name;
  }
}

const formatted = (error: unknown) =>
  error instanceof Error
    ? { errorType: error.name, errorMessage: error.message, stackTrace: error.stack?.split('\n') ?? [] }
    : { errorType: typeof error, errorMessage: String(error), stackTrace: [] };

type Handler = (event: unknown, context: unknown) => unknown;

/** Loads `_HANDLER` as the Node.js runtime does; its failures carry the runtime's error types. */
async function loadHandler(): Promise<Handler> {
  const taskRoot = process.env.LAMBDA_TASK_ROOT ?? process.cwd();
  const spec = process.env._HANDLER ?? '';
  const dot = spec.lastIndexOf('.');
  if (dot < 1) throw new RuntimeError('Runtime.MalformedHandlerName', `Bad handler ${spec}`);
  const file = resolvePath(taskRoot, spec.slice(0, dot));
  const exportName = spec.slice(dot + 1);
  const path = ['', '.js', '.mjs', '.cjs'].map((extension) => `${file}${extension}`).find(existsSync);
  if (!path) throw new RuntimeError('Runtime.ImportModuleError', `Error: Cannot find module '${file}'`);
  let module: Record<string, unknown>;
  try {
    module = (await import(pathToFileURL(path).href)) as Record<string, unknown>;
  } catch (error) {
    if (error instanceof SyntaxError) throw new RuntimeError('Runtime.UserCodeSyntaxError', String(error));
    const code = (error as { code?: string }).code;
    if (code === 'MODULE_NOT_FOUND' || code === 'ERR_MODULE_NOT_FOUND')
      throw new RuntimeError('Runtime.ImportModuleError', String(error));
    throw error;
  }
  const handler = exportName
    .split('.')
    .reduce<unknown>((found, key) => (found as Record<string, unknown>)?.[key], module);
  if (typeof handler !== 'function')
    throw new RuntimeError('Runtime.HandlerNotFound', `${spec} is undefined or not exported`);
  return handler as Handler;
}

let handler: Handler;
try {
  handler = await loadHandler();
} catch (error) {
  const body = formatted(error);
  console.error(JSON.stringify({ level: 'ERROR', message: 'Init Error', ...body }));
  await call('POST', '/runtime/init/error', JSON.stringify(body), {
    'Lambda-Runtime-Function-Error-Type': body.errorType,
  });
  process.exit(1);
}

for (;;) {
  const next = await call('GET', '/runtime/invocation/next');
  const header = (name: string) => {
    const value = next.headers[name.toLowerCase()];
    return Array.isArray(value) ? value[0] : value;
  };
  const requestId = header('Lambda-Runtime-Aws-Request-Id') ?? '';
  const deadline = Number(header('Lambda-Runtime-Deadline-Ms'));
  const point = header(CRASH_POINT_HEADER);
  const invocation: Invocation = {
    requestId,
    point: point ? (JSON.parse(point) as CrashPoint) : undefined,
    calls: 0,
    dieBeforeNext: false,
  };
  current = invocation;
  const xrayTrace = header('Lambda-Runtime-Trace-Id');
  if (xrayTrace) process.env._X_AMZN_TRACE_ID = xrayTrace;
  else delete process.env._X_AMZN_TRACE_ID;
  const context = {
    callbackWaitsForEmptyEventLoop: true,
    functionName: process.env.AWS_LAMBDA_FUNCTION_NAME,
    functionVersion: process.env.AWS_LAMBDA_FUNCTION_VERSION,
    invokedFunctionArn: header('Lambda-Runtime-Invoked-Function-Arn'),
    memoryLimitInMB: process.env.AWS_LAMBDA_FUNCTION_MEMORY_SIZE,
    awsRequestId: requestId,
    logGroupName: process.env.AWS_LAMBDA_LOG_GROUP_NAME,
    logStreamName: process.env.AWS_LAMBDA_LOG_STREAM_NAME,
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
  };
  let outcome: { result: unknown } | { error: unknown };
  try {
    outcome = { result: await handler(JSON.parse(next.body || 'null'), context) };
  } catch (error) {
    outcome = { error };
  }
  // The handler has ended: a point passed on the way (or this one) kills before the answer goes out.
  if (
    invocation.dieBeforeNext ||
    (invocation.point && 'handler' in invocation.point && invocation.point.handler === 'returned')
  )
    kill(invocation, { before: 'response' });
  current = undefined;
  try {
    if ('error' in outcome) throw outcome.error;
    await call('POST', `/runtime/invocation/${requestId}/response`, JSON.stringify(outcome.result ?? null));
  } catch (error) {
    const body = formatted(error);
    console.error(JSON.stringify({ level: 'ERROR', message: 'Invoke Error', requestId, ...body }));
    await call('POST', `/runtime/invocation/${requestId}/error`, JSON.stringify(body), {
      'Lambda-Runtime-Function-Error-Type': body.errorType,
    });
  }
}
