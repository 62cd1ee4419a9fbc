import { cleanupMiddlewares } from '@aws-lambda-powertools/commons';
import middy, { type MiddlewareObj } from '@middy/core';
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from 'aws-lambda';
import * as z from 'zod';
import type {
  RouteDefinition,
  RouteOutput,
  RouteParsedInput,
  StaffRole,
} from '../../shared/api/define-route.ts';
import {
  bodyTypesOf,
  FORM_BODY,
  pathParameterNames,
  usesQueryString,
} from '../../shared/api/define-route.ts';
import { ORIGIN_SECRET_ARN_VARIABLE } from '../../shared/api/origin-secret.ts';
import { ADMIN_CODE_OF_IDENTITY_ERROR, ADMIN_CODE_OF_SERVER_ERROR } from '../../shared/errors/catalogue.ts';
import { isStaffWrite } from '../../shared/staff/staff-roles.ts';
import { secretText } from './adapters/secrets.ts';
import { AdminError, AppError, Conflict, IdentityError, NotFound, PaymentError } from './errors.ts';
import type { IdTokenClaims, TokenCheck } from './identity/id-token.ts';
import { logger, powertoolsLogger } from './logger.ts';
import { correlationKeys, countMetric, observability, tracer } from './observability.ts';
import { cameThroughTheSite } from './origin-check.ts';
import { prepareIfProvisioned } from './provisioned-environment.ts';
import { isGiven, requiredEnvironment } from './settings.ts';

// An environment kept initialised by provisioned concurrency reads the secrets its calls read now, on no
// call's path (the origin key; the token key where given: a variable its template leaves out is not read).
await prepareIfProvisioned('secrets', () =>
  Promise.all(
    ([ORIGIN_SECRET_ARN_VARIABLE, 'ID_TOKEN_SECRET_ARN'] as const)
      .filter(isGiven)
      .map((name) => secretText(requiredEnvironment(name))),
  ),
);

export type HttpEvent = APIGatewayProxyEventV2;
export type HttpResult = APIGatewayProxyStructuredResultV2;

/** A member of staff as the pipeline admitted them to an admin route (their role read at this call). */
export interface StaffCaller {
  uid: string;
  email: string;
  role: StaffRole;
}

/** Who called: the verified token claims for user and admin routes (and the staff member for admin), nothing for the others. */
export type Caller =
  | { kind: 'public' }
  | { kind: 'guid'; guid: string }
  | { kind: 'user'; claims: IdTokenClaims }
  | { kind: 'admin'; claims: IdTokenClaims; staff: StaffCaller };

export interface RouteContext {
  caller: Caller;
  /** Request headers, lower-cased (the HTTP API v2 event already lower-cases them). */
  headers: Record<string, string | undefined>;
  /**
   * The client's address: CloudFront's CloudFront-Viewer-Address when the request came through the
   * distribution (API Gateway then sees an edge address), else the address API Gateway saw.
   */
  sourceIp: string;
  /** API Gateway's request id (its access log's `requestId`). */
  requestId?: string | undefined;
  /** Request cookies by name. */
  cookies: Record<string, string>;
  /** Adds a Set-Cookie to the answer (kept on error answers too, so a bad cookie can be cleared). */
  setCookie(cookie: string): void;
}

type PipelineContext = Context & { routeInput?: unknown; routeCaller?: Caller; responseCookies?: string[] };

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' };

/** A payment-session guid: 32 to 64 URL-safe characters (the server makes 128-bit random ones). */
export const GUID_PATTERN = /^[A-Za-z0-9_-]{32,64}$/;

function json(statusCode: number, body: unknown, headers: Record<string, string> = {}): HttpResult {
  return { statusCode, headers: { ...JSON_HEADERS, ...headers }, body: JSON.stringify(body) };
}

/** A form body's fields (a name given twice keeps its last value). */
function formFields(text: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(text));
}

/**
 * Merges path parameters, the query string and the body into the route's one input object. The body is
 * JSON, or a form where the route takes one and the request says it is one.
 */
function rawInput(route: RouteDefinition, event: HttpEvent): unknown {
  const params: Record<string, string> = {};
  for (const name of pathParameterNames(route.path)) {
    const value = event.pathParameters?.[name];
    if (value !== undefined) params[name] = decodeURIComponent(value);
  }
  if (usesQueryString(route.method)) {
    return { ...(event.queryStringParameters ?? {}), ...params };
  }
  const text = event.body
    ? event.isBase64Encoded
      ? Buffer.from(event.body, 'base64').toString('utf8')
      : event.body
    : '';
  let body: unknown = {};
  const contentType = event.headers?.['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (contentType === FORM_BODY && bodyTypesOf(route).includes(FORM_BODY)) {
    body = formFields(text);
  } else if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidInput(route, 'The request body is not valid JSON');
    }
  }
  if (Array.isArray(body) && route.arrayBody) body = { [route.arrayBody]: body };
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalidInput(route, 'The request body must be a JSON object');
  }
  return { ...body, ...params };
}

function invalidInput(route: RouteDefinition, message: string, error?: z.ZodError): AppError {
  if (route.caller === 'admin') return new AdminError('invalid_argument', message);
  // The identity answer for a malformed address is its own code (the web shows it on the field).
  if (route.service === 'auth' && error?.issues.some((issue) => issue.path[0] === 'email'))
    return new IdentityError('INVALID_EMAIL', message);
  return new PaymentError('INVALID_ARGUMENT', message);
}

function parseCookies(event: HttpEvent): Record<string, string> {
  const cookies: Record<string, string> = {};
  for (const cookie of event.cookies ?? []) {
    const separator = cookie.indexOf('=');
    if (separator > 0) cookies[cookie.slice(0, separator).trim()] = cookie.slice(separator + 1).trim();
  }
  return cookies;
}

/** The viewer's address from CloudFront-Viewer-Address ("ip:port"), else API Gateway's source IP. */
function clientAddress(event: HttpEvent): string {
  const viewer = event.headers?.['cloudfront-viewer-address'];
  if (viewer?.includes(':')) return viewer.slice(0, viewer.lastIndexOf(':'));
  return event.requestContext?.http?.sourceIp ?? '';
}

function callFacts(event: HttpEvent): CallFacts {
  return { requestId: event.requestContext?.requestId, sourceAddress: clientAddress(event) };
}

/**
 * DynamoDB keeps numbers of magnitude 1E-130 to 9.99…E+125 (Developer Guide, "Supported data types:
 * Number"); a JSON number outside that range passes any schema and would fail the write.
 */
function holdsUnstorableNumber(value: unknown): boolean {
  if (typeof value === 'number') {
    const magnitude = Math.abs(value);
    return magnitude !== 0 && (magnitude < 1e-130 || magnitude >= 1e126);
  }
  if (typeof value === 'object' && value !== null) return Object.values(value).some(holdsUnstorableNumber);
  return false;
}

/** The refusal for a missing or bad token, in the format of the route's service and caller kind. */
function refusal(
  route: RouteDefinition,
  reason: 'missing' | 'expired' | 'invalid',
  message = route.caller === 'admin' ? 'A valid admin token is required' : 'A valid ID token is required',
): AppError {
  if (route.caller === 'admin') return new AdminError('invalid_token', message);
  if (route.service === 'auth') {
    return new IdentityError(reason === 'expired' ? 'TOKEN_EXPIRED' : 'INVALID_ID_TOKEN', message);
  }
  return new PaymentError('AUTHORIZATION', message);
}

/** Any error as the AppError the route answers (admin routes always in the admin format). */
function appErrorOf(route: RouteDefinition, error: unknown): AppError {
  let appError: AppError;
  if (error instanceof AppError) appError = error;
  else if (error instanceof NotFound) {
    appError =
      route.caller === 'admin'
        ? new AdminError('not_found', error.message)
        : new PaymentError('INVALID_ARGUMENT', error.message);
  } else if (error instanceof Conflict) {
    appError =
      route.caller === 'admin'
        ? new AdminError('conflict', error.message)
        : new PaymentError('INCONSISTENCY', error.message);
  } else {
    appError =
      route.caller === 'admin'
        ? new AdminError('internal', 'Internal error')
        : new PaymentError('UNKNOWN', 'Internal error');
  }
  // Admin routes always answer in the admin format, a refusal of the shared domain keeping its meaning.
  if (route.caller === 'admin' && !(appError instanceof AdminError)) {
    appError = new AdminError(
      appError instanceof PaymentError
        ? ADMIN_CODE_OF_SERVER_ERROR[appError.code]
        : appError instanceof IdentityError
          ? ADMIN_CODE_OF_IDENTITY_ERROR[appError.code]
          : 'internal',
      appError.message,
      // What a refusal says beside its code (a refund's reason) keeps its meaning for the console too.
      appError instanceof PaymentError ? appError.extra : undefined,
    );
  }
  return appError;
}

/** Maps any error to the route's wire format: `{error: {code, msg, ...}}` with the catalogue's status. */
function errorResult(route: RouteDefinition, error: unknown, cookies: string[] = []): HttpResult {
  if (!(error instanceof AppError || error instanceof NotFound || error instanceof Conflict)) {
    logger.error('Unhandled error', { route: route.name, error });
    countMetric('internalError');
    tracer.addErrorAsMetadata(error as Error);
  }
  const appError = appErrorOf(route, error);
  logger.info('Request refused', { route: route.name, status: appError.status, code: appError.code });
  return withCookies(
    json(appError.status, { error: { ...appError.extra, code: appError.code, msg: appError.message } }),
    cookies,
  );
}

function withCookies(result: HttpResult, cookies: string[]): HttpResult {
  return cookies.length ? { ...result, cookies } : result;
}

/** Checks a request's bearer token; only user and admin routes have one (functions/core/signed-in-pipeline.ts). */
export type TokenVerifier = (headers: HttpEvent['headers']) => Promise<TokenCheck>;

/** The call's own facts an audit record keeps: API Gateway's request id and the client's address. */
export interface CallFacts {
  requestId?: string | undefined;
  sourceAddress: string;
}

/**
 * What admin routes add to the signed-in pipeline (functions/core/staff/staff-gate.ts): the member of staff
 * behind the token admitted to the route by their role (or refused), and every staff write run so that it
 * leaves its audit record (functions/core/audit/audit-recorder.ts).
 */
export interface StaffGate {
  admit(route: RouteDefinition, claims: IdTokenClaims, facts: CallFacts): Promise<StaffCaller>;
  record<T>(
    route: RouteDefinition,
    call: { staff: StaffCaller; facts: CallFacts; input: unknown },
    run: () => Promise<T>,
    codeOf: (error: unknown) => string,
  ): Promise<T>;
}

const SIGNED_IN_CALLERS: ReadonlySet<string> = new Set(['user', 'admin']);

/**
 * The handler pipeline of every route (middy): logs, trace and metrics of the invocation
 * (functions/core/observability.ts) -> refuse a request that did not come through CloudFront -> authorize
 * the bearer token of user and admin routes -> parse and validate the input (zod) -> check the guid of
 * guid routes -> the handler -> validate and send the response; one error middleware writes every
 * failure in the route's wire format. Tokens are checked before the input so that an anonymous caller
 * learns nothing about schemas.
 */
export function routePipeline(verifyToken?: TokenVerifier, staffGate?: StaffGate) {
  return function defineHandler<R extends RouteDefinition>(
    route: R,
    handle: (input: RouteParsedInput<R>, context: RouteContext) => Promise<RouteOutput<R>>,
    options: { headers?: (output: RouteOutput<R>) => Record<string, string> } = {},
  ) {
    // A route bundles the token check (jose, the signing secret's Secrets Manager client) only if it has
    // callers to check: the handler of a user or admin route imports functions/core/signed-in-pipeline.ts,
    // any other this module; the wrong one fails at module initialisation, in every test that loads it.
    if (SIGNED_IN_CALLERS.has(route.caller) !== Boolean(verifyToken)) {
      throw new Error(
        `${route.name} (${route.caller} route): its handler takes defineHandler from ${verifyToken ? 'functions/core/pipeline.ts' : 'functions/core/signed-in-pipeline.ts'}`,
      );
    }
    return middy<HttpEvent, HttpResult, Error, PipelineContext>()
      .use(
        observability<HttpEvent>((event) => ({
          route: route.name,
          // API Gateway's request id (its access log's `requestId`) and CloudFront's (its logs' x-edge-request-id).
          ...(event.requestContext?.requestId ? { apiRequestId: event.requestContext.requestId } : {}),
          ...(event.headers?.['x-amz-cf-id'] ? { edgeRequestId: event.headers['x-amz-cf-id'] } : {}),
        })) as MiddlewareObj<HttpEvent, HttpResult, Error, PipelineContext>[],
      )
      .use({
        // Answers every failure, after which the observability middlewares end the invocation (a refusal
        // is an answer, not a failure of the function: it is neither rethrown nor a trace error).
        onError: async (request) => {
          const result = errorResult(route, request.error, request.context.responseCookies);
          await cleanupMiddlewares(request);
          return result;
        },
      })
      .use({
        before: async (request) => {
          if (!(await cameThroughTheSite(request.event.headers)))
            throw refusal(route, 'invalid', 'Requests reach the API through the site only');
        },
      })
      .use({
        before: async (request) => {
          // Given exactly to user and admin routes (checked above).
          if (!verifyToken) return;
          const check = await verifyToken(request.event.headers);
          if (!check.ok) throw refusal(route, check.reason);
          if (route.caller === 'admin') {
            if (!staffGate) throw new Error(`${route.name}: admin routes need the staff gate`);
            const staff = await staffGate.admit(route, check.claims, callFacts(request.event));
            request.context.routeCaller = { kind: 'admin', claims: check.claims, staff };
          } else request.context.routeCaller = { kind: 'user', claims: check.claims };
        },
      })
      .use({
        before: (request) => {
          const parsed = z.safeParse(route.request, rawInput(route, request.event));
          if (!parsed.success) throw invalidInput(route, z.prettifyError(parsed.error), parsed.error);
          if (holdsUnstorableNumber(parsed.data))
            throw invalidInput(route, 'A number is too small or too large to be kept');
          request.context.routeInput = parsed.data;
          powertoolsLogger.appendKeys(correlationKeys(parsed.data));
          if (route.caller === 'guid') {
            const guid = (parsed.data as { guid?: unknown }).guid;
            if (typeof guid !== 'string' || !GUID_PATTERN.test(guid)) {
              throw new PaymentError('AUTHORIZATION', 'A valid payment session guid is required');
            }
            request.context.routeCaller = { kind: 'guid', guid };
          }
          if (route.caller === 'public') request.context.routeCaller = { kind: 'public' };
        },
      })
      .handler(async (event, context): Promise<HttpResult> => {
        const cookies: string[] = [];
        context.responseCookies = cookies;
        const caller = context.routeCaller as Caller;
        const input = context.routeInput as RouteParsedInput<R>;
        const run = () =>
          handle(input, {
            caller,
            headers: event.headers ?? {},
            sourceIp: clientAddress(event),
            requestId: event.requestContext?.requestId,
            cookies: parseCookies(event),
            setCookie: (cookie) => cookies.push(cookie),
          });
        // Every staff write leaves an audit record, whatever its handler does (shared/staff/staff-roles.ts).
        const output =
          staffGate && caller.kind === 'admin' && isStaffWrite(route)
            ? await staffGate.record(
                route,
                { staff: caller.staff, facts: callFacts(event), input },
                run,
                (error) => appErrorOf(route, error).code,
              )
            : await run();
        const checked = z.parse(route.response, output) as RouteOutput<R>;
        return withCookies(json(200, checked, options.headers?.(checked)), cookies);
      });
  };
}

/** The pipeline of public and guid routes. */
export const defineHandler = routePipeline();
