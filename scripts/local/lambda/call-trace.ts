import { closeSync, openSync, readSync, rmSync } from 'node:fs';
import type { CrashPoint, KilledBefore, TraceLine } from './crash-protocol.ts';

/**
 * The host's reading of what a function process wrote about each invocation's outgoing calls
 * (crash-protocol.ts): the calls in the order they started, named as a person reads them, and whether the
 * invocation's crash point was reached.
 */

/** One outgoing call of an invocation. */
export interface TracedCall {
  /** Its number in the invocation, from 1, in the order the calls started. */
  call: number;
  /**
   * `service:Operation` for an AWS call (`dynamodb:TransactWriteItems`, `secretsmanager:GetSecretValue`);
   * `METHOD label /path` for any other (`POST portone /subscribe/payments/again`), the label taken from the
   * setting that names the address (PORTONE_API_URL: `portone`), else the address's host and port.
   */
  label: string;
  /** The answer's HTTP status; absent when none came (the call failed, or the process died first). */
  status?: number;
  /** Why no answer came (a refused connection, a time limit the caller set). */
  failed?: string;
}

/** What became of an invocation's crash point. */
export type CrashResult =
  | {
      outcome: 'reached';
      point: CrashPoint;
      /** The call the point names (a call point), as traced. */
      call?: TracedCall;
      /** Where the process was when it was killed. */
      killed: KilledBefore;
    }
  | {
      outcome: 'not-reached';
      point: CrashPoint;
      /** The invocation ended before the point: how many calls it made, and how it ended ('answered', or Lambda's error type). */
      calls: number;
      ended: string;
    };

export interface TracedInvocation {
  requestId: string;
  functionName: string;
  startedAt: string;
  durationMs: number;
  /** The function answered (a handler's own error answer counts as an answer). */
  ok: boolean;
  /** Lambda's error type when it did not: Runtime.ExitError for a crash, Sandbox.Timedout, … */
  errorType?: string;
  calls: TracedCall[];
  crash?: CrashResult & { planId: string };
}

/** A process's trace file, read as it grows: each read answers the lines written since the last. */
export class TraceReader {
  private readonly descriptor: number;
  private offset = 0;
  private rest = '';

  constructor(private readonly file: string) {
    this.descriptor = openSync(file, 'a+');
  }

  read(): TraceLine[] {
    const lines: TraceLine[] = [];
    const buffer = Buffer.alloc(64 * 1024);
    for (;;) {
      const size = readSync(this.descriptor, buffer, 0, buffer.length, this.offset);
      if (size === 0) break;
      this.offset += size;
      const parts = (this.rest + buffer.subarray(0, size).toString('utf8')).split('\n');
      this.rest = parts.pop() ?? '';
      for (const part of parts) if (part.trim()) lines.push(JSON.parse(part) as TraceLine);
    }
    return lines;
  }

  close(): void {
    closeSync(this.descriptor);
    rmSync(this.file, { force: true });
  }
}

/** The AWS service of each endpoint variable the SDK reads (AWS_ENDPOINT_URL_SECRETS_MANAGER: secretsmanager). */
const AWS_ENDPOINT_PREFIX = 'AWS_ENDPOINT_URL_';

/** An address's origin and path, or undefined when it is not an http(s) URL. */
function address(value: string): { origin: string; path: string } | undefined {
  if (!/^https?:\/\//.test(value)) return undefined;
  try {
    const url = new URL(value);
    return { origin: url.origin, path: url.pathname.replace(/\/$/, '') };
  } catch {
    return undefined;
  }
}

/**
 * The operation of an AWS SDK request: the JSON protocols name it (`X-Amz-Target: DynamoDB_20120810.GetItem`),
 * the REST ones (S3, EventBridge Scheduler, SES v2) are read from the method and path.
 */
export function awsOperation(service: string, method: string, url: URL, target: string | undefined): string {
  if (target) return target.slice(target.lastIndexOf('.') + 1);
  const parts = url.pathname.split('/').filter(Boolean);
  const has = (name: string) => url.searchParams.has(name);
  if (service === 'scheduler' && parts[0] === 'schedules')
    return parts.length === 1
      ? 'ListSchedules'
      : ({ POST: 'CreateSchedule', PUT: 'UpdateSchedule', GET: 'GetSchedule', DELETE: 'DeleteSchedule' }[
          method
        ] ?? `${method} /schedules/{Name}`);
  if (service === 'sesv2' && method === 'POST' && url.pathname === '/v2/email/outbound-emails')
    return 'SendEmail';
  if (service === 's3' && parts.length >= 2) {
    if (method === 'PUT') return has('partNumber') ? 'UploadPart' : 'PutObject';
    if (method === 'POST') return has('uploads') ? 'CreateMultipartUpload' : 'CompleteMultipartUpload';
    return { GET: 'GetObject', HEAD: 'HeadObject', DELETE: 'DeleteObject' }[method] ?? method;
  }
  if (service === 's3' && parts.length === 1) {
    if (method === 'POST' && has('delete')) return 'DeleteObjects';
    if (method === 'GET') return url.searchParams.get('list-type') === '2' ? 'ListObjectsV2' : 'ListObjects';
    if (method === 'HEAD') return 'HeadBucket';
  }
  return `${method} ${url.pathname}`;
}

/**
 * Names a process's calls from its environment: an address under an AWS endpoint variable is that service,
 * one under another setting that holds an address takes the setting's name (PORTONE_API_URL: `portone`,
 * NAVER_PAY_API_URL: `naver-pay`; the longest address that contains the call's wins, so a wallet under the
 * provider's host is told apart).
 */
export function callLabeller(environment: Readonly<Record<string, string>>) {
  const known: Array<{ origin: string; path: string; aws?: string; label: string }> = [];
  for (const [name, value] of Object.entries(environment)) {
    const where = address(value);
    if (!where) continue;
    if (name.startsWith(AWS_ENDPOINT_PREFIX)) {
      const service = name.slice(AWS_ENDPOINT_PREFIX.length).toLowerCase().replaceAll('_', '');
      known.push({ ...where, aws: service, label: service });
    } else if (name.endsWith('_URL')) {
      const label = name
        .replace(/(_API)?_URL$/, '')
        .toLowerCase()
        .replaceAll('_', '-');
      known.push({ ...where, label });
    }
  }
  known.sort((a, b) => b.path.length - a.path.length);
  return (call: { method: string; url: string; target?: string }): string => {
    const url = new URL(call.url);
    const path = url.pathname;
    const match = known.find(
      (candidate) =>
        candidate.origin === url.origin && (path === candidate.path || path.startsWith(`${candidate.path}/`)),
    );
    if (match?.aws) return `${match.aws}:${awsOperation(match.aws, call.method, url, call.target)}`;
    return `${call.method} ${match?.label ?? url.host} ${path}`;
  };
}

/** One invocation's calls and crash result, from its trace lines and how it ended. */
export function tracedInvocation(input: {
  requestId: string;
  functionName: string;
  startedAt: Date;
  durationMs: number;
  failure?: string;
  lines: readonly TraceLine[];
  label: (call: { method: string; url: string; target?: string }) => string;
  crash?: { planId: string; point: CrashPoint };
}): TracedInvocation {
  const calls = new Map<number, TracedCall>();
  let killed: KilledBefore | undefined;
  for (const line of input.lines) {
    if (line.requestId !== input.requestId) continue;
    if (line.kind === 'call') calls.set(line.call, { call: line.call, label: input.label(line) });
    else if (line.kind === 'answer') {
      const traced = calls.get(line.call);
      if (traced) traced.status = line.status;
    } else if (line.kind === 'failed') {
      const traced = calls.get(line.call);
      if (traced) traced.failed = line.message;
    } else {
      const { kind: _kind, requestId: _requestId, ...where } = line;
      killed = where;
    }
  }
  const list = [...calls.values()].sort((a, b) => a.call - b.call);
  const crash = input.crash;
  const point = crash?.point;
  let result: CrashResult | undefined;
  if (point && killed) {
    const named = 'call' in point ? calls.get(point.call) : undefined;
    result = { outcome: 'reached', point, ...(named ? { call: named } : {}), killed };
  } else if (point)
    result = { outcome: 'not-reached', point, calls: list.length, ended: input.failure ?? 'answered' };
  return {
    requestId: input.requestId,
    functionName: input.functionName,
    startedAt: input.startedAt.toISOString(),
    durationMs: Math.round(input.durationMs),
    ok: input.failure === undefined,
    ...(input.failure ? { errorType: input.failure } : {}),
    calls: list,
    ...(crash && result ? { crash: { ...result, planId: crash.planId } } : {}),
  };
}
