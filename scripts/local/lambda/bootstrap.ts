/**
 * The runtime inside a function process of `npm start -- --lambda`: what Lambda's Node.js runtime does
 * in its execution environment, over the Lambda Runtime API
 * (https://docs.aws.amazon.com/lambda/latest/dg/runtimes-api.html). It loads the handler the way the
 * runtime interface client does (aws-lambda-nodejs-runtime-interface-client: `_HANDLER` = `file.export`
 * under LAMBDA_TASK_ROOT, tried as given and with .js, .mjs, .cjs), reports a failure to load on
 * `/init/error` with the runtime's error types, then loops: `GET /invocation/next`, the handler with
 * the event and a context built from the headers, `POST /response` or `/error`. One invocation at a time.
 *
 * Two things are this machine's own, handed over outside the environment so that the environment stays
 * exactly what the template gives: the test clock (argv `--clock=FILE`: reading TEST_CLOCK_OFFSET_MS
 * reads the runtime's current offset, so a move reaches every process at once), and the watch on the
 * product's variables (argv `--watch=A,B`: reading one of them that the function was not given is
 * reported on the runtime host's `/local/unset-variable`, and the run fails on it).
 *
 * This file is bundled on its own by the local runtime (esbuild) and imports nothing of the product.
 */
import { existsSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { resolve as resolvePath } from 'node:path';
import { pathToFileURL } from 'node:url';

const api = process.env.AWS_LAMBDA_RUNTIME_API ?? '';
const [apiHost = '127.0.0.1', apiPort = '9001'] = api.split(':');
const argument = (name: string) =>
  process.argv.find((value) => value.startsWith(`--${name}=`))?.slice(name.length + 3);
const clockFile = argument('clock');
const watched = new Set((argument('watch') ?? '').split(',').filter(Boolean));

let currentRequestId: string | undefined;

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
        JSON.stringify({ name, requestId: currentRequestId, stack }),
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
  currentRequestId = requestId;
  const trace = header('Lambda-Runtime-Trace-Id');
  if (trace) process.env._X_AMZN_TRACE_ID = trace;
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
  try {
    const result = await handler(JSON.parse(next.body || 'null'), context);
    await call('POST', `/runtime/invocation/${requestId}/response`, JSON.stringify(result ?? null));
  } catch (error) {
    const body = formatted(error);
    console.error(JSON.stringify({ level: 'ERROR', message: 'Invoke Error', requestId, ...body }));
    await call('POST', `/runtime/invocation/${requestId}/error`, JSON.stringify(body), {
      'Lambda-Runtime-Function-Error-Type': body.errorType,
    });
  }
  currentRequestId = undefined;
}
