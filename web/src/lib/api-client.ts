import {
  fillPath,
  pathParameterNames,
  type RouteAddress,
  type RouteDefinition,
  type RouteInput,
  type RouteOutput,
  usesQueryString,
} from '../../../shared/api/define-route.ts';
import {
  type ClientErrorCode,
  clientCodeForResponse,
  formatAdminError,
  isErrorBody,
} from '../../../shared/errors/catalogue.ts';

/**
 * A failed call: the catalogue's client code, the server's own code and message, the status, and the
 * other fields of the error body (a coupon's refusal, the plan an account already holds).
 */
export class ApiError extends Error {
  constructor(
    readonly clientCode: ClientErrorCode,
    readonly serverCode: string | undefined,
    readonly status: number | undefined,
    message: string,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  token?: string;
  signal?: AbortSignal;
  /** Gives up after this many milliseconds (the call fails as a network error). */
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Calls one route of the route table, by its definition or by its address (public pages, which ship
 * no schemas). Input and output types come from the route's zod contract; errors become ApiError
 * with the client code that the error catalogue assigns.
 */
export async function callRoute<R extends RouteDefinition>(
  route: R,
  input: RouteInput<R>,
  options?: CallOptions,
): Promise<RouteOutput<R>>;
export async function callRoute<R extends RouteDefinition>(
  route: RouteAddress<R>,
  input: RouteInput<R>,
  options?: CallOptions,
): Promise<RouteOutput<R>>;
export async function callRoute<R extends RouteDefinition>(
  route: RouteAddress<R>,
  input: RouteInput<R>,
  options: CallOptions = {},
): Promise<RouteOutput<R>> {
  const values = (input ?? {}) as Record<string, unknown>;
  const url = new URL(fillPath(route, values), globalThis.location?.origin ?? 'http://localhost');
  const pathNames = pathParameterNames(route.path);
  const rest = Object.fromEntries(Object.entries(values).filter(([name]) => !pathNames.includes(name)));
  const init: RequestInit = {
    method: route.method,
    credentials: 'include',
    headers: {
      'content-type': 'application/json',
      'x-client-version': __APP_VERSION__,
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
    },
  };
  if (usesQueryString(route.method)) {
    for (const [name, value] of Object.entries(rest))
      if (value !== undefined) url.searchParams.set(name, String(value));
  } else {
    init.body = JSON.stringify(rest);
  }
  const signals = [
    options.signal,
    options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined,
  ].filter((signal): signal is AbortSignal => Boolean(signal));
  if (signals.length) init.signal = AbortSignal.any(signals);

  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, init);
  } catch (error) {
    throw new ApiError(
      'L04',
      undefined,
      undefined,
      error instanceof Error ? error.message : 'Network failure',
    );
  }
  let body: unknown;
  try {
    body = await response.json();
  } catch {
    body = undefined;
  }
  const clientCode = clientCodeForResponse({ status: response.status, body });
  if (clientCode) {
    const {
      code: serverCode,
      msg,
      ...details
    } = isErrorBody(body) ? body.error : { code: undefined, msg: undefined };
    const message = msg ?? `Error ${response.status} on ${route.name}`;
    throw new ApiError(
      clientCode,
      serverCode,
      response.status,
      route.caller === 'admin' && serverCode ? formatAdminError(serverCode, message) : message,
      details,
    );
  }
  if (body === undefined)
    throw new ApiError('L04', undefined, response.status, `Invalid response during ${route.name}`);
  return body as RouteOutput<R>;
}
