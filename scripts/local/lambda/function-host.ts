import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { LocalFunction } from './assembly.ts';
import { callLabeller, TraceReader, tracedInvocation } from './call-trace.ts';
import type { CrashPoints } from './crash-points.ts';
import { CRASH_POINT_HEADER, type CrashPoint } from './crash-protocol.ts';

/**
 * The execution environments of `npm start -- --lambda`: each function's bundle runs in processes of its
 * own, each speaking the Lambda Runtime API to an endpoint of its own here
 * (https://docs.aws.amazon.com/lambda/latest/dg/runtimes-api.html), as Lambda runs a function
 * (https://docs.aws.amazon.com/lambda/latest/dg/lambda-runtime-environment.html):
 * - one invocation at a time per process; a new process when all of a function's are busy, up to its
 *   reserved concurrency (else the account's unreserved share), and a throttle beyond it
 *   (TooManyRequestsException);
 * - the first invocation of a process waits for its initialisation (a cold start); a process idle for
 *   `idleMs` ends;
 * - a process past its function's Timeout is killed and the invocation fails as Lambda's does
 *   (Sandbox.Timedout); one that exits mid-invocation fails it with Runtime.ExitError (Runtime.OutOfMemory
 *   when V8 ran out of heap), one that exits before it is ready with Runtime.Unknown, and a load failure
 *   reported on `/init/error` with the runtime's own error type (Runtime.ImportModuleError, …);
 * - memory as Lambda's Node.js bootstrap sets it from MemorySize (a tenth for the young generation, the
 *   rest for the old one; `--max-semi-space-size`, `--max-old-space-size`);
 * - each invocation's outgoing calls are traced, and one that carries a crash point (crash-points.ts) has
 *   its process killed there: it fails as any process ending mid-invocation does (Runtime.ExitError).
 */
export class FunctionFailure extends Error {
  constructor(
    /** Lambda's error type: the handler's error name, Sandbox.Timedout, Runtime.* or TooManyRequestsException. */
    readonly errorType: string,
    message: string,
    readonly kind: 'error' | 'timeout' | 'throttled' | 'init',
  ) {
    super(message);
    this.name = errorType;
  }
}

export interface Finding {
  kind: 'unset-variable' | 'init-error' | 'denied-call';
  functionName: string;
  detail: string;
}

export interface InvocationRecord {
  functionName: string;
  cold: boolean;
  /** Its process was started ahead, as provisioned concurrency starts one: its init was not on the call's path. */
  provisioned?: boolean;
  /** From the process's start to its first `/next` (cold only), and from the event handed over to its answer. */
  initMs?: number;
  durationMs: number;
  ok: boolean;
}

export interface FunctionHostOptions {
  /** The bundled runtime loop (bootstrap.ts). */
  bootstrapFile: string;
  /** The file whose content is the test clock's offset (read by every process on each read of the clock). */
  clockFile: string;
  /** Where each process writes the trace of its invocations' outgoing calls (a file per process). */
  traceDir: string;
  /** The armed crash points, and what each ended invocation called. */
  crashPoints: CrashPoints;
  /** The product's variables a deployment gives: a read of one not given is a finding. */
  watchedVariables: readonly string[];
  /** What a process gets beside its template's environment and Lambda's own variables. */
  extraEnvironment(fn: LocalFunction): Record<string, string>;
  /** The account's concurrency quota: functions without reserved concurrency share what is not reserved. */
  accountConcurrency: number;
  reservedTotal: number;
  idleMs: number;
  region: string;
  /** The X-Ray daemon's address (`host:port`, UDP) every process is given, as Lambda gives it with active tracing. */
  xrayDaemonAddress: string;
  output(fn: LocalFunction, line: string): void;
  onFinding(finding: Finding): void;
  onInvocation?(record: InvocationRecord): void;
}

interface Invocation {
  id: string;
  /** The event as JSON, as the process gets it. */
  event: string;
  invokedArn: string;
  delivered: boolean;
  startedAt: number;
  startedAtWall: Date;
  crash?: { planId: string; point: CrashPoint };
  resolve(value: unknown): void;
  reject(error: FunctionFailure): void;
  timer?: NodeJS.Timeout;
}

/** Lambda's Node.js bootstrap: a tenth of the memory for the young generation (half of it per semi-space), the rest old. */
export function memoryFlags(memoryMb: number): string[] {
  const young = Math.floor(memoryMb / 10);
  return [`--max-semi-space-size=${Math.floor(young / 2)}`, `--max-old-space-size=${memoryMb - young}`];
}

/** Credentials as Lambda gives a function from its role: a temporary key of its own (ASIA…) and a session token. */
export function functionCredentials(fn: LocalFunction): Record<string, string> {
  return {
    AWS_ACCESS_KEY_ID: `ASIA${randomBytes(8).toString('hex').toUpperCase()}`,
    AWS_SECRET_ACCESS_KEY: randomBytes(30).toString('base64'),
    AWS_SESSION_TOKEN: randomBytes(48).toString('base64').concat(Buffer.from(fn.name).toString('base64')),
  };
}

/** Each process's trace file is its own. */
let traceFiles = 0;

class ExecutionEnvironment {
  /**
   * Busy from its start: the invocation that made it is its first; a provisioned one (started ahead, as
   * Lambda's provisioned concurrency starts environments) becomes ready once its init is done. Ending once
   * it is being killed (its exit comes a moment later): no invocation is handed to it any more.
   */
  state: 'ready' | 'busy' | 'ending' | 'dead' = 'busy';
  private initialized = false;
  current?: Invocation;
  lastUsed = Date.now();
  private waiting?: ServerResponse;
  private child?: ChildProcess;
  private server: Server;
  private readonly spawnedAt = performance.now();
  private initMs?: number;
  private invocations = 0;
  private outOfMemory = false;
  private initError?: { type: string; message: string };
  private trace?: TraceReader;
  private label: ReturnType<typeof callLabeller> = (call) => `${call.method} ${call.url}`;
  readonly ready: Promise<void>;

  constructor(
    readonly fn: LocalFunction,
    private readonly host: FunctionHost,
    private readonly options: FunctionHostOptions,
    private readonly credentials: Record<string, string>,
    readonly provisioned = false,
  ) {
    this.server = createServer((req, res) => void this.handle(req, res));
    this.ready = new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve())).then(
      () => this.start(),
    );
  }

  private start(): void {
    const { fn, options } = this;
    const api = `127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    const today = new Date().toISOString().slice(0, 10).replaceAll('-', '/');
    const env: Record<string, string> = {
      ...fn.environment,
      ...options.extraEnvironment(fn),
      ...this.credentials,
      // Lambda's own variables (https://docs.aws.amazon.com/lambda/latest/dg/configuration-envvars-runtime.html).
      AWS_REGION: options.region,
      AWS_DEFAULT_REGION: options.region,
      AWS_EXECUTION_ENV: `AWS_Lambda_${fn.runtime}`,
      AWS_LAMBDA_FUNCTION_NAME: fn.name,
      AWS_LAMBDA_FUNCTION_MEMORY_SIZE: String(fn.memoryMb),
      AWS_LAMBDA_FUNCTION_VERSION: '$LATEST',
      AWS_LAMBDA_INITIALIZATION_TYPE: this.provisioned ? 'provisioned-concurrency' : 'on-demand',
      AWS_LAMBDA_LOG_GROUP_NAME: `/aws/lambda/${fn.name}`,
      AWS_LAMBDA_LOG_STREAM_NAME: `${today}/[$LATEST]${randomBytes(16).toString('hex')}`,
      AWS_LAMBDA_RUNTIME_API: api,
      AWS_XRAY_CONTEXT_MISSING: 'LOG_ERROR',
      AWS_XRAY_DAEMON_ADDRESS: options.xrayDaemonAddress,
      _HANDLER: fn.handler,
      LAMBDA_TASK_ROOT: fn.codeDir,
      LAMBDA_RUNTIME_DIR: fn.codeDir,
      TZ: ':UTC',
      LANG: 'en_US.UTF-8',
      PATH: '/usr/local/bin:/usr/bin/:/bin',
    };
    traceFiles += 1;
    const traceFile = join(options.traceDir, `${fn.name}-${traceFiles}.jsonl`);
    this.trace = new TraceReader(traceFile);
    this.label = callLabeller(env);
    const node = [
      '--expose-gc',
      '--max-http-header-size=81920',
      ...memoryFlags(fn.memoryMb),
      options.bootstrapFile,
      `--clock=${options.clockFile}`,
      `--watch=${options.watchedVariables.filter((name) => !(name in env)).join(',')}`,
      `--trace=${traceFile}`,
    ];
    // setpriv ends the process with the runtime however the runtime ends (no process is left behind).
    const child = spawn('setpriv', ['--pdeathsig', 'SIGKILL', process.execPath, ...node], {
      cwd: fn.codeDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.child = child;
    // Ended before it started (the runtime stopping while it was being made).
    if (this.state === 'ending') child.kill('SIGKILL');
    const lines = (stream: NodeJS.ReadableStream | null) => {
      let rest = '';
      stream?.setEncoding('utf8');
      stream?.on('data', (chunk: string) => {
        const parts = (rest + chunk).split('\n');
        rest = parts.pop() ?? '';
        for (const line of parts) {
          if (line.includes('JavaScript heap out of memory')) this.outOfMemory = true;
          if (line.trim()) options.output(fn, line);
        }
      });
    };
    lines(child.stdout);
    lines(child.stderr);
    child.once('exit', (code, signal) => this.exited(code, signal));
    // A process that cannot start (its bundle's folder missing, no node) fails as an init that never ran.
    child.once('error', (error) => {
      this.initError ??= {
        type: 'Runtime.Unknown',
        message: `The runtime could not start: ${error.message}`,
      };
      this.options.onFinding({ kind: 'init-error', functionName: fn.name, detail: this.initError.message });
      if (child.exitCode === null) this.exited(null, null);
    });
  }

  /** Hands an invocation to this environment: at once when it waits on `/next`, else when it asks. */
  assign(invocation: Invocation): void {
    this.current = invocation;
    this.state = 'busy';
    if (this.waiting) this.deliver();
  }

  private deliver(): void {
    const invocation = this.current;
    const res = this.waiting;
    if (!invocation || !res || invocation.delivered) return;
    this.waiting = undefined;
    invocation.delivered = true;
    invocation.startedAt = performance.now();
    invocation.startedAtWall = new Date();
    const deadline = Date.now() + this.fn.timeoutSeconds * 1000;
    invocation.timer = setTimeout(() => this.timedOut(invocation), this.fn.timeoutSeconds * 1000);
    res.writeHead(200, {
      'content-type': 'application/json',
      'Lambda-Runtime-Aws-Request-Id': invocation.id,
      'Lambda-Runtime-Deadline-Ms': String(deadline),
      'Lambda-Runtime-Invoked-Function-Arn': invocation.invokedArn,
      'Lambda-Runtime-Trace-Id': `Root=1-${Math.floor(Date.now() / 1000).toString(16)}-${randomBytes(12).toString('hex')};Parent=${randomBytes(8).toString('hex')};Sampled=0`,
      ...(invocation.crash ? { [CRASH_POINT_HEADER]: JSON.stringify(invocation.crash.point) } : {}),
    });
    res.end(invocation.event);
  }

  private finish(invocation: Invocation, outcome: { value: unknown } | { error: FunctionFailure }): void {
    if (this.current !== invocation) return;
    clearTimeout(invocation.timer);
    this.current = undefined;
    this.invocations += 1;
    this.lastUsed = Date.now();
    const cold = this.invocations === 1;
    const durationMs = invocation.delivered ? performance.now() - invocation.startedAt : 0;
    this.options.crashPoints.ended(
      tracedInvocation({
        requestId: invocation.id,
        functionName: this.fn.name,
        startedAt: invocation.startedAtWall,
        durationMs,
        ...('error' in outcome ? { failure: outcome.error.errorType } : {}),
        lines: this.trace?.read() ?? [],
        label: this.label,
        ...(invocation.crash ? { crash: invocation.crash } : {}),
      }),
      invocation.event,
    );
    this.options.onInvocation?.({
      functionName: this.fn.name,
      cold,
      ...(cold && this.provisioned ? { provisioned: true } : {}),
      ...(cold && this.initMs !== undefined ? { initMs: this.initMs } : {}),
      durationMs,
      ok: 'value' in outcome,
    });
    if (this.state === 'busy') this.state = 'ready';
    if ('value' in outcome) invocation.resolve(outcome.value);
    else invocation.reject(outcome.error);
    this.host.released(this.fn);
  }

  private timedOut(invocation: Invocation): void {
    const seconds = this.fn.timeoutSeconds.toFixed(2);
    this.kill();
    this.finish(invocation, {
      error: new FunctionFailure(
        'Sandbox.Timedout',
        `RequestId: ${invocation.id} Error: Task timed out after ${seconds} seconds`,
        'timeout',
      ),
    });
  }

  private exited(code: number | null, signal: NodeJS.Signals | null): void {
    const wasInit = !this.initialized;
    this.state = 'dead';
    this.server.close();
    this.server.closeAllConnections();
    const invocation = this.current;
    if (invocation) {
      const status = signal ? `signal: ${signal.toLowerCase()}` : `exit status ${code}`;
      const failure = this.initError
        ? new FunctionFailure(this.initError.type, this.initError.message, 'init')
        : this.outOfMemory
          ? new FunctionFailure(
              'Runtime.OutOfMemory',
              `RequestId: ${invocation.id} Error: Runtime exited with error: ${status}`,
              'error',
            )
          : wasInit
            ? new FunctionFailure(
                'Runtime.Unknown',
                `RequestId: ${invocation.id} Error: Runtime exited before it was ready: ${status}`,
                'init',
              )
            : new FunctionFailure(
                'Runtime.ExitError',
                `RequestId: ${invocation.id} Error: Runtime exited with error: ${status}`,
                'error',
              );
      if (failure.kind === 'init' && !this.initError)
        this.options.onFinding({
          kind: 'init-error',
          functionName: this.fn.name,
          detail: `${failure.errorType}: ${failure.message}`,
        });
      this.finish(invocation, { error: failure });
    }
    this.trace?.close();
    this.trace = undefined;
    this.host.removed(this);
  }

  kill(): void {
    if (this.state === 'dead') return;
    this.state = 'ending';
    this.child?.kill('SIGKILL');
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks).toString('utf8');
    const path = (req.url ?? '').replace(/^\/2018-06-01/, '');
    const accepted = () => {
      res.writeHead(202, { 'content-type': 'application/json' });
      res.end('{"status":"OK"}');
    };
    if (req.method === 'GET' && path === '/runtime/invocation/next') {
      if (!this.initialized) {
        this.initialized = true;
        this.initMs = performance.now() - this.spawnedAt;
        if (this.provisioned && !this.current && this.state === 'busy') {
          this.state = 'ready';
          this.host.released(this.fn);
        }
      }
      this.waiting = res;
      this.deliver();
      return;
    }
    const invocationCall = /^\/runtime\/invocation\/([^/]+)\/(response|error)$/.exec(path);
    if (req.method === 'POST' && invocationCall) {
      const invocation = this.current;
      if (!invocation || invocation.id !== invocationCall[1]) {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errorMessage: 'Invalid request ID', errorType: 'InvalidRequestID' }));
        return;
      }
      accepted();
      if (invocationCall[2] === 'response')
        this.finish(invocation, { value: body ? JSON.parse(body) : null });
      else {
        const error = (body ? JSON.parse(body) : {}) as { errorType?: string; errorMessage?: string };
        const type = String(
          req.headers['lambda-runtime-function-error-type'] ?? error.errorType ?? 'Unhandled',
        );
        this.finish(invocation, { error: new FunctionFailure(type, error.errorMessage ?? type, 'error') });
      }
      return;
    }
    if (req.method === 'POST' && path === '/runtime/init/error') {
      const error = (body ? JSON.parse(body) : {}) as { errorType?: string; errorMessage?: string };
      const type = String(
        req.headers['lambda-runtime-function-error-type'] ?? error.errorType ?? 'Runtime.Unknown',
      );
      this.initError = { type, message: error.errorMessage ?? type };
      this.options.onFinding({
        kind: 'init-error',
        functionName: this.fn.name,
        detail: `${type}: ${this.initError.message}`,
      });
      accepted();
      return;
    }
    if (req.method === 'POST' && path === '/local/unset-variable') {
      const read = JSON.parse(body || '{}') as { name?: string; stack?: string };
      this.options.onFinding({
        kind: 'unset-variable',
        functionName: this.fn.name,
        detail: `read ${read.name}, which its template does not give (${(read.stack ?? '').split('\n')[0]?.trim().replace(/^at /, 'in ')})`,
      });
      accepted();
      return;
    }
    res.writeHead(404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ errorMessage: `No ${req.method} ${req.url}`, errorType: 'InvalidRequest' }));
  }
}

export class FunctionHost {
  private readonly environments = new Map<LocalFunction, Set<ExecutionEnvironment>>();
  private readonly waiters = new Map<LocalFunction, Array<() => void>>();
  private unreservedInUse = 0;
  private readonly sweeper: NodeJS.Timeout;
  private stopped = false;
  private readonly credentials = new Map<LocalFunction, Record<string, string>>();

  constructor(private readonly options: FunctionHostOptions) {
    this.sweeper = setInterval(() => this.sweep(), Math.min(10_000, options.idleMs));
    this.sweeper.unref();
  }

  /** The credentials a function's processes get (one key per function, as one role session per function). */
  credentialsOf(fn: LocalFunction): Record<string, string> {
    let credentials = this.credentials.get(fn);
    if (!credentials) {
      credentials = functionCredentials(fn);
      this.credentials.set(fn, credentials);
    }
    return credentials;
  }

  private limitOf(fn: LocalFunction): { limit: number; shared: boolean } {
    if (fn.reservedConcurrency !== undefined) return { limit: fn.reservedConcurrency, shared: false };
    return { limit: this.options.accountConcurrency - this.options.reservedTotal, shared: true };
  }

  /**
   * Invokes `fn` with `event` and answers its result; a failure is a FunctionFailure. A throttled call
   * fails at once (`throttle: 'fail'`, a synchronous caller such as API Gateway) or waits for a process to
   * free (`'wait'`: an event source mapping and Lambda's asynchronous queue retry a throttle themselves).
   */
  async invoke(
    fn: LocalFunction,
    event: unknown,
    options: { throttle: 'fail' | 'wait'; invokedArn?: string },
  ): Promise<unknown> {
    if (this.stopped) throw new FunctionFailure('ServiceException', 'The local runtime is stopping', 'error');
    const text = JSON.stringify(event);
    // A crash point's invocation runs in a new process unless its plan says otherwise.
    const newProcess = this.options.crashPoints.next(fn.name, text)?.newProcess === true;
    const environment = await this.acquire(fn, options.throttle, newProcess);
    const crash = this.options.crashPoints.take(fn.name, text);
    return new Promise((resolve, reject) => {
      environment.assign({
        id: randomUUID(),
        event: text,
        invokedArn: options.invokedArn ?? fn.arn,
        delivered: false,
        startedAt: performance.now(),
        startedAtWall: new Date(),
        ...(crash ? { crash } : {}),
        resolve,
        reject,
      });
    });
  }

  private async acquire(
    fn: LocalFunction,
    throttle: 'fail' | 'wait',
    newProcess = false,
  ): Promise<ExecutionEnvironment> {
    for (;;) {
      const environments = this.environments.get(fn) ?? new Set();
      this.environments.set(fn, environments);
      const idle = [...environments].find(
        (environment) => environment.state === 'ready' && !environment.current,
      );
      if (idle && !newProcess) {
        idle.state = 'busy';
        return idle;
      }
      const { limit, shared } = this.limitOf(fn);
      const inUse = shared ? this.unreservedInUse : environments.size;
      if (idle && inUse >= limit) {
        // A new process is wanted and none may start beside the idle one: it makes room.
        await this.end([idle]);
        continue;
      }
      if (inUse < limit) {
        const environment = new ExecutionEnvironment(fn, this, this.options, this.credentialsOf(fn));
        environments.add(environment);
        if (shared) this.unreservedInUse += 1;
        await environment.ready;
        return environment;
      }
      if (throttle === 'fail')
        throw new FunctionFailure('TooManyRequestsException', 'Rate Exceeded.', 'throttled');
      await new Promise<void>((resolve) => {
        const list = this.waiters.get(fn) ?? [];
        list.push(resolve);
        this.waiters.set(fn, list);
      });
    }
  }

  /**
   * Starts `count` processes of `fn` ahead of any invocation and waits for their init, as Lambda's provisioned
   * concurrency does after a deployment: they are never ended for being idle, and their init is not on any
   * call's path. They count against the function's concurrency as Lambda counts them.
   */
  async provision(fn: LocalFunction, count: number): Promise<void> {
    const environments = this.environments.get(fn) ?? new Set();
    this.environments.set(fn, environments);
    const started: ExecutionEnvironment[] = [];
    for (let index = 0; index < count; index += 1) {
      const environment = new ExecutionEnvironment(fn, this, this.options, this.credentialsOf(fn), true);
      environments.add(environment);
      if (this.limitOf(fn).shared) this.unreservedInUse += 1;
      started.push(environment);
    }
    await Promise.all(
      started.map(async (environment) => {
        await environment.ready;
        while (environment.state === 'busy' && !environment.current) await sleep(10);
      }),
    );
  }

  /** An invocation of `fn` ended: one waiting for a process may have it. */
  released(fn: LocalFunction): void {
    this.waiters.get(fn)?.shift()?.();
  }

  removed(environment: ExecutionEnvironment): void {
    const environments = this.environments.get(environment.fn);
    if (environments?.delete(environment) && this.limitOf(environment.fn).shared) this.unreservedInUse -= 1;
    // A process ending frees a slot of the shared pool for any function, and one of its own function.
    this.released(environment.fn);
    if (this.limitOf(environment.fn).shared)
      for (const [fn, list] of this.waiters) if (this.limitOf(fn).shared) list.shift()?.();
  }

  private sweep(): void {
    const now = Date.now();
    for (const environments of this.environments.values())
      for (const environment of environments)
        if (
          environment.state === 'ready' &&
          !environment.provisioned &&
          !environment.current &&
          now - environment.lastUsed > this.options.idleMs
        )
          environment.kill();
  }

  /** How many processes each function has now. */
  processCounts(): Map<string, number> {
    return new Map([...this.environments].map(([fn, set]) => [fn.name, set.size]));
  }

  /**
   * Ends every process (cold starts follow), or with `keepProvisioned` every one but those provisioned
   * concurrency keeps (as on AWS after the on-demand environments were reclaimed).
   */
  async endAll({ keepProvisioned = false } = {}): Promise<void> {
    await this.end(
      [...this.environments.values()]
        .flatMap((set) => [...set])
        .filter((environment) => !(keepProvisioned && environment.provisioned)),
    );
  }

  /**
   * Ends the function's idle processes, provisioned ones too (which are not started again): its next
   * invocation is a cold start in a new process, whatever the ones before it left in theirs.
   */
  async endIdle(fn: LocalFunction): Promise<number> {
    const idle = [...(this.environments.get(fn) ?? [])].filter(
      (environment) => environment.state === 'ready' && !environment.current,
    );
    await this.end(idle);
    return idle.length;
  }

  private async end(environments: ExecutionEnvironment[]): Promise<void> {
    const gone = environments.map(
      (environment) =>
        new Promise<void>((resolve) => {
          const check = setInterval(() => {
            if (environment.state === 'dead') {
              clearInterval(check);
              resolve();
            }
          }, 20);
        }),
    );
    for (const environment of environments) environment.kill();
    await Promise.all(gone);
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.sweeper);
    await this.endAll();
  }
}
