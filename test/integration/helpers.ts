import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import { inject } from 'vitest';
import { addStaffMember } from '../../functions/core/data/staff-repository.ts';
import { SECOND_FACTOR_AMR, signIdToken } from '../../functions/core/identity/id-token.ts';
import {
  fillPath,
  pathParameterNames,
  type RouteDefinition,
  usesQueryString,
} from '../../shared/api/define-route.ts';
import type { StaffRole } from '../../shared/staff/staff-roles.ts';

/**
 * Points this test process at the runtime's table and token secret (for direct table checks and
 * tokens); both are read lazily on first use, so setting them at import time is early enough.
 */
export function pointAtRuntime(): void {
  Object.assign(process.env, {
    TABLE_NAME: inject('tableName'),
    AWS_ENDPOINT_URL_DYNAMODB: inject('dynamoEndpoint'),
    AWS_REGION: 'ap-northeast-2',
    AWS_ACCESS_KEY_ID: 'local',
    AWS_SECRET_ACCESS_KEY: 'local',
    ID_TOKEN_SECRET: inject('idTokenSecret'),
  });
}
pointAtRuntime();

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests inspect arbitrary answer bodies
  body: any;
}

export interface CallOptions {
  token?: string;
  headers?: Record<string, string>;
  rawBody?: string;
  /** `name=value` cookies to send (what a browser would). */
  cookies?: string[];
  /**
   * The loopback address to call from (e.g. 127.0.0.42): the client address the server sees, so a
   * test of per-address limits does not share its count with the rest of the suite.
   */
  from?: string;
  /** Another runtime than the suite's (see isolated-runtime.ts). */
  baseUrl?: string;
}

/** Calls a route over HTTP the way the web's client does (query string for GET and DELETE). */
export async function call(
  route: RouteDefinition,
  input: Record<string, unknown> = {},
  options: CallOptions = {},
): Promise<Answer> {
  const url = new URL(fillPath(route, input), options.baseUrl ?? inject('apiUrl'));
  if (options.from) url.hostname = '127.0.0.1';
  const rest = Object.fromEntries(
    Object.entries(input).filter(([name]) => !pathParameterNames(route.path).includes(name)),
  );
  const headers: Record<string, string> = {
    'content-type': 'application/json',
    ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    ...(options.cookies?.length ? { cookie: options.cookies.join('; ') } : {}),
    ...options.headers,
  };
  let body: string | undefined;
  if (usesQueryString(route.method)) {
    for (const [name, value] of Object.entries(rest)) url.searchParams.set(name, String(value));
  } else {
    body = options.rawBody ?? JSON.stringify(rest);
  }
  return send(url, { method: route.method, headers, body, from: options.from });
}

/** One HTTP exchange (node:http, so that the source address can be chosen). */
export function send(
  url: URL,
  options: {
    method: string;
    headers?: Record<string, string>;
    body?: string | undefined;
    from?: string | undefined;
  },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: options.method,
        headers: options.headers,
        ...(options.from ? { localAddress: options.from } : {}),
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(res.headers)) {
            for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value])
              headers.append(name, one);
          }
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // not JSON: keep the text
          }
          resolve({ status: res.statusCode ?? 0, headers, body: parsed });
        });
      },
    );
    req.on('error', reject);
    req.end(options.body);
  });
}

export function uniqueId(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

/**
 * A member of staff of the role, active in the table (the staff gate reads them at every admin call), and
 * an ID token of theirs as the second factor's step issues it (`amr` otp): minted, as the other tokens
 * here, so that the tests do not each go through a sign-in. Each is a new member.
 */
export async function staffSession(
  role: StaffRole = 'admin',
  email?: string,
): Promise<{ uid: string; email: string; token: string }> {
  const uid = uniqueId('operator');
  email ??= `${uid}@example.com`;
  await addStaffMember({ uid, email, role, status: 'active', created: Date.now(), sessionsEndedAt: 0 });
  return { uid, email, token: await signIdToken({ uid, email, adminLevel: 1, amr: SECOND_FACTOR_AMR }) };
}

/** An admin of its own (a staff record the gate reads), under the address the tests expect on what it records. */
export const adminToken = async () => (await staffSession('admin', 'operator@example.com')).token;
export const customerToken = () => signIdToken({ uid: uniqueId('customer'), email: 'customer@example.com' });
export const expiredToken = () =>
  signIdToken({ uid: uniqueId('operator'), email: 'operator@example.com', adminLevel: 1 }, -60);

/** Every row of a console list: its pages read one after another, as the console's export does. */
export async function allPages<Row = Record<string, unknown>>(
  route: RouteDefinition,
  input: Record<string, unknown>,
  rows: string,
  options: CallOptions,
): Promise<Row[]> {
  const all: Row[] = [];
  let cursor: string | null = null;
  do {
    const answer = await call(route, { ...input, ...(cursor ? { cursor } : {}) }, options);
    if (answer.status !== 200) throw new Error(`${route.name}: ${JSON.stringify(answer.body)}`);
    all.push(...answer.body[rows]);
    cursor = answer.body.cursor;
  } while (cursor);
  return all;
}
