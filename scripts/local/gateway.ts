import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { type RouteDefinition, routePath, SERVICES } from '../../shared/api/define-route.ts';
import { ORIGIN_SECRET_HEADER } from '../../shared/api/origin-secret.ts';
import { ROUTES } from '../../shared/api/routes.ts';
import { ROUTE_TIMEOUT_SECONDS } from '../../shared/timeouts.ts';
import { invokeWithin, TIMED_OUT } from './function-timeout.ts';
import { lambdaContext, loadHandler } from './lambda-context.ts';

/**
 * The local API gateway: the routes of the route table (never a list of its own) served under the
 * same service prefixes as production, each request turned into the API Gateway HTTP API v2 event
 * that AWS would send, handed to the same handler module, and its result written back.
 */
interface CompiledRoute {
  route: RouteDefinition;
  routeKey: string;
  pattern: RegExp;
  parameterNames: string[];
}

function compile(route: RouteDefinition): CompiledRoute {
  const path = routePath(route);
  const parameterNames: string[] = [];
  const source = path
    .split('/')
    .map((segment) => {
      const name = segment.match(/^\{([A-Za-z0-9_]+)\}$/)?.[1];
      if (!name) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      parameterNames.push(name);
      return '([^/]+)';
    })
    .join('/');
  return { route, routeKey: `${route.method} ${path}`, pattern: new RegExp(`^${source}$`), parameterNames };
}

const compiled = ROUTES.map(compile);
const servicePrefixes = SERVICES.map((service) => `/${service}/`);

export function isApiPath(pathname: string): boolean {
  return servicePrefixes.some((prefix) => pathname.startsWith(prefix));
}

function matchRoute(method: string, pathname: string) {
  for (const candidate of compiled) {
    if (candidate.route.method !== method) continue;
    const match = candidate.pattern.exec(pathname);
    if (!match) continue;
    const pathParameters: Record<string, string> = {};
    candidate.parameterNames.forEach((name, index) => {
      pathParameters[name] = match[index + 1] as string;
    });
    return { candidate, pathParameters };
  }
  return undefined;
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

/**
 * Runs a route's function with the event: its result, or undefined when the function failed (an error
 * outside the handler pipeline, its timeout, a throttle), which API Gateway answers 500.
 */
export type RouteInvoker = (
  route: RouteDefinition,
  event: APIGatewayProxyEventV2,
) => Promise<APIGatewayProxyStructuredResultV2 | undefined>;

/** The one-process runtime's: the handler module imported here, frozen past the route's time limit. */
export const invokeInProcess: RouteInvoker = async (route, event) => {
  try {
    const handler = await loadHandler(`functions/${route.handler}`);
    const budgetMs = ROUTE_TIMEOUT_SECONDS * 1000;
    const result = (await invokeWithin(budgetMs, () =>
      handler(event, lambdaContext(route.name, budgetMs)),
    )) as APIGatewayProxyStructuredResultV2 | typeof TIMED_OUT;
    if (result !== TIMED_OUT) return result;
    console.error(`Handler ${route.handler} timed out after ${ROUTE_TIMEOUT_SECONDS} s`);
  } catch (error) {
    console.error(`Handler ${route.handler} failed:`, error);
  }
  return undefined;
};

export interface GatewayOptions {
  /** What CloudFront would add as CloudFront-Viewer-Country. */
  viewerCountry: string;
  log: (line: string) => void;
  invoke: RouteInvoker;
  /** The origin secret's key, which CloudFront adds to every API request when the functions check it. */
  originSecret?: string;
}

/** Serves one API request; the caller has checked `isApiPath`. */
export async function serveApi(
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
  options: GatewayOptions,
): Promise<void> {
  const started = performance.now();
  const method = (req.method ?? 'GET').toUpperCase();
  const found = matchRoute(method, url.pathname);
  if (!found) {
    send(res, 404, { message: 'Not Found' });
    options.log(`${method} ${url.pathname} 404 (no route)`);
    return;
  }
  const { candidate, pathParameters } = found;
  const body = await readBody(req);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || name === 'cookie') continue;
    headers[name] = Array.isArray(value) ? value.join(',') : value;
  }
  headers['cloudfront-viewer-country'] = options.viewerCountry;
  if (options.originSecret) headers[ORIGIN_SECRET_HEADER] = options.originSecret;
  const cookies = req.headers.cookie
    ?.split(';')
    .map((cookie) => cookie.trim())
    .filter(Boolean);
  const queryStringParameters: Record<string, string> = {};
  for (const [name, value] of url.searchParams) {
    queryStringParameters[name] = queryStringParameters[name]
      ? `${queryStringParameters[name]},${value}`
      : value;
  }
  const isText = body.length === 0 || TEXT_TYPES.test(headers['content-type'] ?? 'application/json');
  const now = new Date();
  const event: APIGatewayProxyEventV2 = {
    version: '2.0',
    routeKey: candidate.routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.slice(1),
    ...(cookies?.length ? { cookies } : {}),
    headers,
    ...(url.search ? { queryStringParameters } : {}),
    ...(candidate.parameterNames.length ? { pathParameters } : {}),
    requestContext: {
      accountId: '000000000000',
      apiId: 'local',
      domainName: headers.host ?? 'localhost',
      domainPrefix: (headers.host ?? 'localhost').split('.')[0] ?? 'localhost',
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${req.httpVersion}`,
        sourceIp: req.socket.remoteAddress?.replace(/^::ffff:/, '') ?? '127.0.0.1',
        userAgent: headers['user-agent'] ?? '',
      },
      requestId: randomUUID(),
      routeKey: candidate.routeKey,
      stage: '$default',
      time: now.toUTCString(),
      timeEpoch: now.getTime(),
    },
    ...(body.length ? { body: isText ? body.toString('utf8') : body.toString('base64') } : {}),
    isBase64Encoded: !isText,
  };

  const result = await options.invoke(candidate.route, event);
  if (result === undefined) {
    // API Gateway answers this way when the function itself fails (outside the handler pipeline), reaches
    // its timeout, or is throttled: "API Gateway treats all invocation and function errors as internal
    // errors" (https://docs.aws.amazon.com/lambda/latest/dg/services-apigateway-errors.html), and an HTTP
    // API says so as {"message":"Internal Server Error"}.
    send(res, 500, { message: 'Internal Server Error' });
    options.log(`${method} ${url.pathname} 500 (${Math.round(performance.now() - started)} ms)`);
    return;
  }
  const responseHeaders: Record<string, string | string[]> = {
    ...(result.headers as Record<string, string>),
  };
  if (result.cookies?.length) responseHeaders['set-cookie'] = result.cookies;
  res.writeHead(result.statusCode ?? 200, responseHeaders);
  res.end(result.body ? Buffer.from(result.body, result.isBase64Encoded ? 'base64' : 'utf8') : undefined);
  options.log(
    `${method} ${url.pathname} ${result.statusCode ?? 200} (${Math.round(performance.now() - started)} ms)`,
  );
}
