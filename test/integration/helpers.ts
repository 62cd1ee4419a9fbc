import { randomUUID } from 'node:crypto';
import { inject } from 'vitest';
import { signIdToken } from '../../functions/core/auth/id-token.ts';
import {
  fillPath,
  pathParameterNames,
  type RouteDefinition,
  usesQueryString,
} from '../../shared/api/define-route.ts';

/**
 * Points this test process at the runtime's table and token secret (for direct table checks and
 * tokens); both are read lazily on first use, so setting them at import time is early enough.
 */
export function pointAtRuntime(): void {
  Object.assign(process.env, {
    TABLE_NAME: inject('tableName'),
    DYNAMODB_ENDPOINT: inject('dynamoEndpoint'),
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

/** Calls a route over HTTP the way the web's client does (query string for GET and DELETE). */
export async function call(
  route: RouteDefinition,
  input: Record<string, unknown> = {},
  options: { token?: string; headers?: Record<string, string>; rawBody?: string } = {},
): Promise<Answer> {
  const url = new URL(fillPath(route, input), inject('apiUrl'));
  const rest = Object.fromEntries(
    Object.entries(input).filter(([name]) => !pathParameterNames(route.path).includes(name)),
  );
  const init: RequestInit = {
    method: route.method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...options.headers,
    },
  };
  if (usesQueryString(route.method)) {
    for (const [name, value] of Object.entries(rest)) url.searchParams.set(name, String(value));
  } else {
    init.body = options.rawBody ?? JSON.stringify(rest);
  }
  const response = await fetch(url, init);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: response.status, headers: response.headers, body };
}

export function uniqueId(prefix: string): string {
  return `${prefix}-${randomUUID().slice(0, 8)}`;
}

export const adminToken = () =>
  signIdToken({ uid: uniqueId('operator'), email: 'operator@example.com', adminLevel: 1 });
export const customerToken = () => signIdToken({ uid: uniqueId('customer'), email: 'customer@example.com' });
export const expiredToken = () =>
  signIdToken({ uid: uniqueId('operator'), email: 'operator@example.com', adminLevel: 1 }, -60);
